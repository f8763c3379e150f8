/**
 * One ticket: what was asked, by whom, where it stands, and its conversation. The desk (ticket.manage)
 * moves its status — offered only the moves the ticket can make — sets its priority, assigns it to a
 * member of staff, and writes internal notes that only the desk sees, marked as such in the thread.
 * Its facts say when its first answer and its resolution are due (in school hours, by the server),
 * paused while it waits on the requester, and "Past target" once a running due time has passed.
 * The desk also sees the e-mail the ticket wrote to its requester (an acknowledgement, its public
 * replies, the resolution and the follow-ups) and how each delivery went, looked at again while one
 * is still on its way. The files that came with the ticket (by e-mail) are listed, each a download
 * with its type and size, and a comment that came by e-mail says so beside its author.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../api/client.js';
import { attachmentAddress, ticketAttachments, ticketHtml, type TicketAttachment } from '../../api/mailboxes.js';
import { MailBody } from '../../ui/mail-body.js';
import { ticketMessages, type TicketMessage } from '../../api/ticket-mail.js';
import { addComment, getTicket, ticketComments, updateTicket } from '../../api/tickets.js';
import { useRoutingNames, type RoutingNames } from './routing.js';
import { FirstAnswer, ResolutionDue } from './due.js';
import { fillCannedReply, listCannedReplies } from '../../api/ticket-routing.js';
import { formatInstant, formatSize } from '../../format.js';
import { Link } from '../../router.js';
import type { PageProps } from '../../page-props.js';
import { can } from '../../state/session.js';
import { AssignPanel } from '../../ui/assign-panel.js';
import { confirm } from '../../ui/confirm.js';
import { CheckboxField, SelectField, TextArea } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { announce } from '../../ui/notices.js';
import { Empty, ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { canSeePeople, PersonName } from '../../ui/people.js';
import { DataTable } from '../../ui/table.js';
import { eventRecord, useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import {
  PRIORITY_LABEL,
  PriorityBadge,
  STATUS_LABEL,
  TICKET_MOVES,
  TICKET_PRIORITIES,
  TicketStatusBadge,
  type Ticket,
  type TicketComment,
  type TicketPriority,
  type TicketStatus,
} from './ticket.js';
import '../repairs/repairs.css';
import './tickets.css';

/** What each e-mail to the requester was, in words. */
const MAIL_KIND: Readonly<Record<TicketMessage['kind'], string>> = {
  received: 'Acknowledgement',
  reply: 'Reply',
  resolved: 'Resolved',
  waiting: 'Waiting reminder',
  closed: 'Closed without an answer',
  'staff-new': 'Notice to the team: new ticket',
  'staff-reply': 'Notice to the team: requester answered',
};

/** What a file is, in words, for the types mail most often brings; any other by its media type. */
const FILE_KIND: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF document',
  'application/zip': 'ZIP archive',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.ms-excel': 'Excel spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel spreadsheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'message/rfc822': 'E-mail message',
  'text/plain': 'Text',
  'text/csv': 'CSV table',
  'text/calendar': 'Calendar file',
};

const fileKind = (contentType: string): string => {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const known = FILE_KIND[type];
  if (known) return known;
  const [group, sub] = type.split('/');
  if (group === 'image' && sub) return `${sub.replace(/^x-/, '').toUpperCase()} image`;
  if (group === 'video' && sub) return `${sub.replace(/^x-/, '').toUpperCase()} video`;
  return type || 'File';
};

/** A comment that came by e-mail: from the requester (a person of the school) or an unknown address. */
const byMail = (c: TicketComment) => c.author.type === 'person' || c.author.type === 'email';

const notSent = (m: TicketMessage) => `Not sent: ${m.error ?? 'no reason given'}`;

/** Where a message's delivery stands: sent when, on its way, or why not (and whether Desk tries again). */
function mailState(m: TicketMessage): string {
  switch (m.status) {
    case 'sent':
      return `Sent ${formatInstant(m.sentAt)}`;
    case 'sending':
      return 'Sending';
    case 'pending':
      return m.attempts > 0 ? `${notSent(m)} — will try again` : 'Waiting to be sent';
    case 'failed':
      return notSent(m);
  }
}

/**
 * How often the e-mail is looked at again: while one is on its way (the server sends every few
 * seconds), and while one waits to be tried again (minutes later).
 */
const MAIL_SOON_MS = 5_000;
const MAIL_RETRY_MS = 60_000;

/** The conversation, read whole (oldest first), up to this many pages of 100. */
const COMMENT_PAGES = 10;

async function loadComments(id: string): Promise<{ comments: TicketComment[]; total: number }> {
  const comments: TicketComment[] = [];
  let total = 0;
  for (let page = 1; page <= COMMENT_PAGES; page++) {
    const reply = await ticketComments(id, page, 100);
    comments.push(...reply.comments);
    total = reply.total;
    if (comments.length >= total || reply.comments.length === 0) break;
  }
  return { comments, total };
}

export default function TicketDetail({ params }: PageProps) {
  const id = params.id!;
  const manage = can('ticket.manage');
  const found = useResource(() => getTicket(id), [id]);
  const thread = useResource(() => loadComments(id), [id]);
  // The desk's only: the route answers 403 to anyone else, so they never ask.
  const mail = useResource(
    () => (manage ? ticketMessages(id).then((r) => r.messages) : Promise.resolve([])),
    [id, manage],
  );
  const files = useResource(() => ticketAttachments(id).then((r) => r.attachments), [id]);
  const looks = useResource(() => ticketHtml(id).then((r) => r.html), [id]);
  const htmlOf = (commentId: string | null) => looks.data?.find((h) => h.commentId === commentId)?.html ?? null;
  const changed = () => (found.reload(), mail.reload());
  const commented = () => (thread.reload(), files.reload(), mail.reload(), looks.reload());
  useLiveReload((e) => e.type === 'ticket.updated' && eventRecord(e, 'ticket')?.id === id, changed);
  useLiveReload((e) => e.type === 'ticket.commented' && eventRecord(e, 'ticket')?.id === id, commented);
  const onItsWay = mail.data?.some((m) => m.status === 'sending' || (m.status === 'pending' && m.attempts === 0));
  const retrying = mail.data?.some((m) => m.status === 'pending' && m.attempts > 0);
  const lookAgainMs = onItsWay ? MAIL_SOON_MS : retrying ? MAIL_RETRY_MS : null;
  useEffect(() => {
    if (lookAgainMs === null) return;
    const timer = setInterval(mail.reload, lookAgainMs);
    return () => clearInterval(timer);
  }, [lookAgainMs, mail.reload]);
  const ticket = found.data?.ticket;
  const routing = useRoutingNames();

  return (
    <section>
      <PageHeader title={ticket ? `Ticket ${ticket.number}` : 'Ticket'}>
        <Link href="/tickets">All tickets</Link>
      </PageHeader>
      {found.error !== undefined && !ticket && <ErrorNotice error={found.error} onRetry={found.reload} />}
      {!ticket && found.error === undefined && <Loading />}
      {ticket && (
        <>
          <h2 class="ticket-heading">{ticket.subject}</h2>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <TicketStatusBadge status={ticket.status} />
            </dd>
            <dt>Priority</dt>
            <dd>
              <PriorityBadge priority={ticket.priority} />
            </dd>
            <dt>Asked by</dt>
            <dd>
              <PersonName id={ticket.requesterId} nobody="Not recorded" />
            </dd>
            <dt>Assigned to</dt>
            <dd>
              <PersonName id={ticket.assigneeId} nobody="Nobody yet" />
            </dd>
            <dt>Team</dt>
            <dd>{routing.teamName(ticket.teamId)}</dd>
            <dt>Category</dt>
            <dd>{routing.categoryName(ticket.categoryId)}</dd>
            <dt>First answer</dt>
            <dd>
              <FirstAnswer ticket={ticket} />
            </dd>
            {ticket.status !== 'CLOSED' && (
              <>
                <dt>Resolution due</dt>
                <dd>
                  <ResolutionDue ticket={ticket} />
                </dd>
              </>
            )}
            <dt>Opened</dt>
            <dd>{formatInstant(ticket.createdAt)}</dd>
            <dt>Last change</dt>
            <dd>{formatInstant(ticket.updatedAt)}</dd>
          </dl>
          <MailBody class="desk-text" text={ticket.body} html={htmlOf(null)} />
          {manage && ticket.status !== 'CLOSED' && (
            <div class="desk-panels">
              <WorkPanel ticket={ticket} routing={routing} onDone={changed} />
              {canSeePeople() && (
                <AssignPanel
                  assigneeId={ticket.assigneeId}
                  assign={async (assigneeId, who) => {
                    await updateTicket(ticket.id, { assigneeId });
                    announce(
                      assigneeId ? `Ticket ${ticket.number} assigned to ${who}` : `Ticket ${ticket.number} unassigned`,
                    );
                  }}
                  onDone={found.reload}
                  unassign
                />
              )}
            </div>
          )}
          {/* Shown when the ticket has files (or they could not be listed); most tickets have none. */}
          {(files.data ? files.data.length > 0 : files.error !== undefined) && (
            <section aria-labelledby="ticket-files-heading">
              <h2 id="ticket-files-heading">Files</h2>
              {files.data ? (
                <FileList ticketId={ticket.id} files={files.data} comments={thread.data?.comments ?? []} />
              ) : (
                <ErrorNotice error={files.error} onRetry={files.reload} />
              )}
            </section>
          )}
          <h2>Conversation</h2>
          {thread.error !== undefined && <ErrorNotice error={thread.error} onRetry={thread.reload} />}
          {!thread.data && thread.error === undefined && <Loading />}
          {thread.data && <Thread comments={thread.data.comments} total={thread.data.total} htmlOf={htmlOf} />}
          {can('ticket.create') && ticket.status !== 'CLOSED' && <CommentForm ticket={ticket} onDone={commented} />}
          {ticket.status === 'CLOSED' && <p class="field-hint">This ticket is closed: it takes no more comments.</p>}
          {manage && (
            <section class="ticket-mail" aria-labelledby="ticket-mail-heading">
              <h2 id="ticket-mail-heading">E-mail to the requester</h2>
              {mail.error !== undefined && !mail.data ? (
                <ErrorNotice error={mail.error} onRetry={mail.reload} />
              ) : (
                <MailList messages={mail.data} />
              )}
            </section>
          )}
        </>
      )}
    </section>
  );
}

function MailList(props: { messages: readonly TicketMessage[] | undefined }) {
  return (
    <DataTable
      caption="E-mail to the requester about this ticket, oldest first"
      rows={props.messages}
      rowKey={(m) => m.id}
      empty="No e-mail yet."
      columns={[
        { header: 'E-mail', cell: (m) => MAIL_KIND[m.kind] },
        { header: 'To', cell: (m) => <span class="ticket-mail-to">{m.to.join(', ')}</span> },
        { header: 'Written', cell: (m) => <time dateTime={m.createdAt}>{formatInstant(m.createdAt)}</time> },
        { header: 'State', cell: mailState },
      ]}
    />
  );
}

function FileList(props: { ticketId: string; files: readonly TicketAttachment[]; comments: readonly TicketComment[] }) {
  const cameWith = (f: TicketAttachment) => {
    if (f.commentId === null) return 'The ticket';
    const c = props.comments.find((comment) => comment.id === f.commentId);
    return c
      ? `${c.internal ? 'Internal note' : 'Comment'} by ${c.author.name}, ${formatInstant(c.createdAt)}`
      : 'A comment';
  };
  return (
    <DataTable
      caption="Files that came with this ticket, oldest first"
      rows={props.files}
      rowKey={(f) => f.id}
      empty="No files."
      columns={[
        {
          header: 'File',
          cell: (f) => (
            <a class="ticket-file-name" href={attachmentAddress(props.ticketId, f.id)} download={f.name}>
              {f.name}
            </a>
          ),
        },
        { header: 'Type', cell: (f) => fileKind(f.contentType) },
        { header: 'Size', cell: (f) => formatSize(f.size), numeric: true },
        { header: 'Came with', cell: cameWith },
      ]}
    />
  );
}

function Thread(props: {
  comments: readonly TicketComment[];
  total: number;
  htmlOf: (commentId: string) => string | null;
}) {
  if (props.comments.length === 0) return <Empty>No comments yet.</Empty>;
  return (
    <>
      <ol class="ticket-thread" aria-label="Comments">
        {props.comments.map((c) => (
          <li key={c.id} class={c.internal ? 'ticket-comment ticket-comment-internal' : 'ticket-comment'}>
            <article aria-label={c.internal ? `Internal note by ${c.author.name}` : `Comment by ${c.author.name}`}>
              <p class="ticket-comment-meta">
                {c.internal && <span class="badge ticket-badge-internal">Internal note</span>}{' '}
                <strong>{c.author.name}</strong>
                {c.author.type === 'email' && c.author.id !== c.author.name && (
                  <span class="ticket-comment-address"> ({c.author.id})</span>
                )}
                {byMail(c) && <> · by e-mail</>} · <time dateTime={c.createdAt}>{formatInstant(c.createdAt)}</time>
              </p>
              <MailBody class="ticket-comment-body" text={c.body} html={props.htmlOf(c.id)} />
            </article>
          </li>
        ))}
      </ol>
      {props.total > props.comments.length && (
        <p class="field-hint">
          Showing the first {props.comments.length} of {props.total} comments.
        </p>
      )}
    </>
  );
}

function CommentForm(props: { ticket: Ticket; onDone: () => void }) {
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const manage = can('ticket.manage');
  const canned = useResource(
    () => (manage ? listCannedReplies().then((r) => r.cannedReplies) : Promise.resolve([])),
    [manage],
  );
  const [chosen, setChosen] = useState('');
  const [cannedProblem, setCannedProblem] = useState<string | undefined>(undefined);
  // The server fills the placeholders for this ticket; the text joins what is typed, to be edited.
  const insert = async () => {
    setCannedProblem(undefined);
    try {
      const { text } = await fillCannedReply(props.ticket.id, chosen);
      setBody((typed) => (typed.trim() ? `${typed.trimEnd()}\n\n${text}` : text));
      document.getElementById('ticket-comment-body')?.focus();
    } catch (e) {
      setCannedProblem(messageOf(e));
    }
  };
  const form = useSubmit(async () => {
    await addComment(props.ticket.id, {
      body: body.trim(),
      ...(internal ? { internal: true } : {}),
    });
    announce(internal ? 'Internal note added' : 'Comment added');
    setBody('');
    setInternal(false);
    props.onDone();
  });
  return (
    <form
      class={`desk-panel ticket-comment-form${internal ? ' ticket-comment-internal' : ''}`}
      onSubmit={form.submit}
      noValidate
    >
      {(canned.data?.length ?? 0) > 0 && (
        <div class="inline-form">
          <SelectField
            label="Canned reply"
            value={chosen}
            onChange={(e: Event) => setChosen((e.currentTarget as HTMLSelectElement).value)}
            choices={[
              { value: '', label: 'Choose one…' },
              ...(canned.data ?? []).map((c) => ({ value: c.id, label: c.title })),
            ]}
            error={cannedProblem}
          />
          <button type="button" disabled={!chosen} onClick={insert}>
            Insert
          </button>
        </div>
      )}
      <TextArea
        id="ticket-comment-body"
        label={internal ? 'Internal note' : 'Comment'}
        value={body}
        maxLength={10000}
        onInput={(e: Event) => setBody((e.currentTarget as HTMLTextAreaElement).value)}
        error={form.error('body')}
      />
      {manage && (
        <CheckboxField
          label="Internal note (only the IT team sees it)"
          checked={internal}
          onChange={(e: Event) => setInternal((e.currentTarget as HTMLInputElement).checked)}
        />
      )}
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        {internal ? 'Add internal note' : 'Add comment'}
      </button>
    </form>
  );
}

function WorkPanel(props: { ticket: Ticket; routing: RoutingNames; onDone: () => void }) {
  const { ticket, routing } = props;
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const [priority, setPriority] = useState<TicketPriority>(ticket.priority);
  const [teamId, setTeamId] = useState(ticket.teamId ?? '');
  const [categoryId, setCategoryId] = useState(ticket.categoryId ?? '');
  // The ticket changed (here or elsewhere): start from what it is now.
  useEffect(() => setStatus(ticket.status), [ticket.status]);
  useEffect(() => setPriority(ticket.priority), [ticket.priority]);
  useEffect(() => setTeamId(ticket.teamId ?? ''), [ticket.teamId]);
  useEffect(() => setCategoryId(ticket.categoryId ?? ''), [ticket.categoryId]);
  const form = useSubmit(async () => {
    const changes: {
      status?: TicketStatus;
      priority?: TicketPriority;
      teamId?: string | null;
      categoryId?: string | null;
    } = {};
    if (status !== ticket.status) changes.status = status;
    if (priority !== ticket.priority) changes.priority = priority;
    if (teamId !== (ticket.teamId ?? '')) changes.teamId = teamId || null;
    if (categoryId !== (ticket.categoryId ?? '')) changes.categoryId = categoryId || null;
    if (Object.keys(changes).length === 0) {
      throw new ApiError(400, 'invalid-input', '', 'Change the status, priority, team or category first.');
    }
    if (changes.status === 'CLOSED') {
      const yes = await confirm({
        title: `Close ticket ${ticket.number}?`,
        message: 'A closed ticket does not change and takes no more comments. A new problem is a new ticket.',
        confirmLabel: 'Close the ticket',
        danger: true,
      });
      if (!yes) return;
    }
    await updateTicket(ticket.id, changes);
    announce(
      `Ticket ${ticket.number} ${changes.status ? `is ${STATUS_LABEL[changes.status].toLowerCase()}` : 'updated'}`,
    );
    props.onDone();
  });
  return (
    <form class="desk-panel" onSubmit={form.submit} aria-labelledby="work-heading" noValidate>
      <h2 id="work-heading">Work the ticket</h2>
      <SelectField
        label="Status"
        value={status}
        onChange={(e: Event) => (setStatus((e.currentTarget as HTMLSelectElement).value as TicketStatus), form.reset())}
        choices={[ticket.status, ...TICKET_MOVES[ticket.status]].map((s) => ({
          value: s,
          label: s === ticket.status ? `${STATUS_LABEL[s]} (now)` : STATUS_LABEL[s],
        }))}
        error={form.error('status')}
      />
      <SelectField
        label="Priority"
        value={priority}
        onChange={(e: Event) => (
          setPriority((e.currentTarget as HTMLSelectElement).value as TicketPriority),
          form.reset()
        )}
        choices={TICKET_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABEL[p] }))}
        error={form.error('priority')}
      />
      {routing.teams.length > 0 && (
        <SelectField
          label="Team"
          value={teamId}
          onChange={(e: Event) => (setTeamId((e.currentTarget as HTMLSelectElement).value), form.reset())}
          choices={routing.teamChoices('No team')}
          error={form.error('teamId')}
        />
      )}
      {routing.categories.length > 0 && (
        <SelectField
          label="Category"
          value={categoryId}
          onChange={(e: Event) => (setCategoryId((e.currentTarget as HTMLSelectElement).value), form.reset())}
          choices={routing.categoryChoices('None')}
          error={form.error('categoryId')}
        />
      )}
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        Save
      </button>
    </form>
  );
}
