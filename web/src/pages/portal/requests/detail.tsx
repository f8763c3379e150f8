/**
 * One request (`/portal/requests/:id`): what was asked, where it stands, who is helping, its files
 * (each a download) and the conversation, oldest first, the person's own messages as "You". While it
 * takes a reply there is a reply box, with photos or files sent after the reply is made; a solved
 * request says until when a reply reopens it. Someone else's request is "not found", as it is to the
 * server.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../../../api/client.js';
import { myRequest, replyToRequest, type PortalTicket } from '../../../api/portal.js';
import { formatInstant } from '../../../format.js';
import type { PageProps } from '../../../page-props.js';
import { Link } from '../../../router.js';
import { MailBody } from '../../../ui/mail-body.js';
import { TextArea } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, Loading } from '../../../ui/page.js';
import { useResource } from '../../../ui/use-resource.js';
import {
  attachAll,
  clearFiles,
  fieldProblem,
  FileLinks,
  FilesField,
  PortalHeader,
  RequestStatus,
  sentence,
  tooBig,
} from '../parts.js';

export default function RequestPage({ params }: PageProps) {
  const id = params.id!;
  const found = useResource(() => myRequest(id), [id]);
  const ticket = found.data?.ticket;
  const missing = found.error instanceof ApiError && found.error.status === 404 && !ticket;

  return (
    <section>
      <PortalHeader title={missing ? 'Request not found' : ticket ? `Request #${ticket.number}` : 'Request'}>
        <Link href="/portal">All my requests</Link>
      </PortalHeader>
      {missing && (
        <p>
          This request was not found. The link may be wrong, or the request is not yours. Your own requests are under{' '}
          <Link href="/portal">My requests</Link>.
        </p>
      )}
      {found.error !== undefined && !ticket && !missing && <ErrorNotice error={found.error} onRetry={found.reload} />}
      {!ticket && found.error === undefined && <Loading />}
      {ticket && (
        <>
          <h2 class="portal-subject">{ticket.subject}</h2>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <RequestStatus status={ticket.status} />
            </dd>
            <dt>Who is helping</dt>
            <dd>{ticket.assignee?.name ?? 'Nobody yet'}</dd>
            {ticket.category && (
              <>
                <dt>About</dt>
                <dd>{ticket.category.name}</dd>
              </>
            )}
            <dt>Sent</dt>
            <dd>{formatInstant(ticket.createdAt)}</dd>
          </dl>
          <MailBody class="portal-text" text={ticket.body} html={ticket.html} />
          <FileLinks ticketId={ticket.id} files={ticket.files} label="Files sent with the request" />
          <Conversation ticket={ticket} />
          {ticket.status === 'RESOLVED' && ticket.reopenUntil && ticket.canReply && (
            <p class="notice notice-ok">
              Still not fixed? Reply to reopen it until {formatInstant(ticket.reopenUntil)}.
            </p>
          )}
          {ticket.canReply ? (
            <ReplyForm ticket={ticket} onDone={found.reload} />
          ) : (
            <p class="notice">
              This request is closed, so it takes no more replies. Still need help?{' '}
              <Link href="/portal/requests/new">Start a new request</Link>.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function Conversation(props: { ticket: PortalTicket }) {
  const { ticket } = props;
  return (
    <section aria-labelledby="portal-messages-heading">
      <h2 id="portal-messages-heading">Messages</h2>
      {ticket.comments.length === 0 ? (
        <p class="empty">No messages yet. The IT team answers here, and by e-mail.</p>
      ) : (
        <ol class="portal-thread">
          {ticket.comments.map((c) => (
            <li key={c.id} class={c.author.you ? 'portal-message portal-message-you' : 'portal-message'}>
              <article aria-label={c.author.you ? 'Your message' : `Message from ${c.author.name}`}>
                <p class="portal-message-meta">
                  <strong>{c.author.name}</strong> · <time dateTime={c.createdAt}>{formatInstant(c.createdAt)}</time>
                </p>
                <MailBody class="portal-message-body" text={c.body} html={c.html} />
                <FileLinks ticketId={ticket.id} files={c.files} label="Files sent with this message" />
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const FILES_ID = 'portal-reply-files';

function ReplyForm(props: { ticket: PortalTicket; onDone: () => void }) {
  const { ticket } = props;
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const form = useSubmit(async () => {
    if (!body.trim()) throw fieldProblem('body', 'Write your reply first');
    const big = tooBig(files);
    if (big) throw fieldProblem('files', big);
    const { ticket: after, comment } = await replyToRequest(ticket.id, body.trim()).catch((e: unknown) => {
      // Closed, or solved too long ago: the server's words, as a sentence.
      if (e instanceof ApiError && e.status === 409) {
        throw new ApiError(409, e.kind, e.title, sentence(e.detail));
      }
      throw e;
    });
    // The files go with the reply just made.
    const failed = files.length > 0 ? await attachAll(ticket.id, files, comment.id) : [];
    setBody('');
    setFiles([]);
    clearFiles(FILES_ID);
    const reopened = ticket.status === 'RESOLVED' && after.status !== 'RESOLVED';
    announce(reopened ? `Reply sent: request #${ticket.number} is open again` : 'Reply sent');
    props.onDone();
    if (failed.length > 0) throw fieldProblem('files', `Your reply was sent, but not every file: ${failed.join(' ')}`);
  });
  return (
    <form class="portal-panel" onSubmit={form.submit} aria-labelledby="portal-reply-heading" noValidate>
      <h2 id="portal-reply-heading">Reply</h2>
      <TextArea
        label="Your reply"
        value={body}
        maxLength={10000}
        onInput={(e: Event) => (setBody((e.currentTarget as HTMLTextAreaElement).value), form.reset())}
        error={form.error('body')}
      />
      <FilesField
        id={FILES_ID}
        files={files}
        onChange={(chosen) => (setFiles(chosen), form.reset())}
        error={form.error('files')}
      />
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        {form.busy ? 'Sending…' : 'Send reply'}
      </button>
    </form>
  );
}
