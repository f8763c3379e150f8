/**
 * The help desk page's mailboxes, for school administrators only (`user.manage`: a mailbox's password
 * is the school's): the mailboxes Desk reads over IMAP, each with when it was last read or why it
 * could not be, a test that signs in as Desk would (its answer beside the row), and removal; the form
 * that adds one (the server's message for a field beside it, a second mailbox of the same address
 * said plainly); what works with Google Workspace and what does not yet with Microsoft 365; and the
 * messages Desk could not read. The password goes to the server and never comes back.
 */
import { useId, useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../../api/client.js';
import {
  addMailbox,
  listMailboxes,
  listUnreadableMail,
  removeMailbox,
  testMailbox,
  type Mailbox,
  type MailboxTest,
  type NewMailbox,
  type UnreadableMessage,
} from '../../../api/mailboxes.js';
import { formatInstant, formatSize } from '../../../format.js';
import { confirm } from '../../../ui/confirm.js';
import { TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice } from '../../../ui/page.js';
import { DataTable } from '../../../ui/table.js';
import { useResource } from '../../../ui/use-resource.js';

/** What Desk does with mail from an address the school does not know, in words, with what it means. */
const UNKNOWN_SENDERS = [
  [
    'refuse',
    'Politely refused',
    "Desk answers once, politely, that the help desk only takes mail from the school's own people, and opens no " +
      'ticket.',
  ],
  [
    'open',
    'Opened as tickets without a requester',
    "Desk opens a ticket with no requester and keeps the sender's address on it, for the desk to look at.",
  ],
] as const satisfies readonly (readonly [Mailbox['unknownSenders'], string, string])[];

const UNKNOWN_LABEL = Object.fromEntries(UNKNOWN_SENDERS.map(([value, label]) => [value, label])) as Readonly<
  Record<Mailbox['unknownSenders'], string>
>;

const DEFAULT_FOLDER = 'Processed by Desk';
const DEFAULT_PORT = '993';

const valueOf = (e: Event) => (e.currentTarget as HTMLInputElement).value;

/** `helpdesk@imap.example.org:993`: who Desk signs in as, where. */
const serverOf = (m: Mailbox) => `${m.username}@${m.host}:${m.port}`;

/** When Desk last read the mailbox, or why it could not. */
const lastRead = (m: Mailbox) =>
  m.lastError !== null
    ? `Could not read: ${m.lastError}`
    : m.lastCheckedAt !== null
      ? `Read ${formatInstant(m.lastCheckedAt)}`
      : 'Not read yet';

const waiting = (n: number) => (n === 0 ? 'no messages' : n === 1 ? '1 message' : `${n} messages`);

/** A test's answer in words. */
const testedInWords = (t: MailboxTest) =>
  t.ok ? `Signed in; ${waiting(t.messages)} waiting` : `Could not sign in: ${t.error ?? 'no reason given'}`;

/** The school's mailboxes, the form that adds one, and what Desk could not read. */
export function Mailboxes() {
  const list = useResource(() => listMailboxes(), []);
  const unreadable = useResource(() => listUnreadableMail(), []);
  // Each mailbox's last test in words (by id), and the ones being tested now.
  const [tested, setTested] = useState<ReadonlyMap<string, string>>(new Map());
  const [testing, setTesting] = useState<ReadonlySet<string>>(new Set());
  const mailboxes = list.data?.mailboxes;

  const test = async (m: Mailbox) => {
    setTesting((s) => new Set(s).add(m.id));
    let words: string;
    try {
      words = testedInWords(await testMailbox(m.id));
    } catch (e) {
      words = `Could not test: ${messageOf(e)}`;
    }
    setTested((all) => new Map(all).set(m.id, words));
    setTesting((s) => {
      const next = new Set(s);
      next.delete(m.id);
      return next;
    });
  };

  const remove = async (m: Mailbox) => {
    if (
      !(await confirm({
        title: `Stop reading ${m.address}?`,
        message:
          'Desk no longer looks in this mailbox for new tickets and replies. Its mail stays where it is, and the ' +
          'tickets it opened stay as they are.',
        confirmLabel: 'Remove mailbox',
        danger: true,
      }))
    )
      return;
    try {
      await removeMailbox(m.id);
      announce(`Mailbox ${m.address} removed`);
      list.reload();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
  };

  return (
    <section class="helpdesk-section" aria-labelledby="mailboxes-title">
      <h2 id="mailboxes-title">Mailboxes</h2>
      <p>
        Desk reads the school's help desk mailboxes over IMAP, every half minute. A new message opens a ticket (its
        sender the requester, when they are one of the school's people), an answer to a ticket's e-mail joins its
        conversation, and the files that come with them are kept on the ticket. Read mail is moved to the folder named
        below; Desk never deletes mail. Only school administrators see this part of the page.
      </p>
      <ul class="mailbox-providers">
        <li>
          <strong>Google Workspace:</strong> turn IMAP on for the mailbox (in Gmail's settings, and allowed in the Admin
          console), and give Desk an app password made for it in the Google account's security settings (that needs
          2-Step Verification), not the account's own password. The server is imap.gmail.com, port 993.
        </li>
        <li>
          <strong>Microsoft 365:</strong> its mailboxes cannot be read yet. Microsoft only lets programs sign in to them
          with OAuth 2, and Desk does not sign in with OAuth 2 yet.
        </li>
      </ul>
      {list.error !== undefined && !list.data ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <DataTable
          caption="The mailboxes Desk reads"
          rows={mailboxes}
          rowKey={(m) => m.id}
          empty="No mailboxes yet: add the help desk's address below, and mail to it becomes tickets."
          columns={[
            { header: 'Address', cell: (m) => <span class="mailbox-text">{m.address}</span> },
            { header: 'Server', cell: (m) => <span class="mailbox-text">{serverOf(m)}</span> },
            { header: 'Folder for read mail', cell: (m) => m.processedFolder },
            { header: 'Unknown senders', cell: (m) => UNKNOWN_LABEL[m.unknownSenders] },
            { header: 'Last read', cell: lastRead },
            {
              header: 'Test',
              cell: (m) => (
                <span class="mailbox-test">
                  <button
                    type="button"
                    aria-label={`Test ${m.address}`}
                    disabled={testing.has(m.id)}
                    onClick={() => void test(m)}
                  >
                    Test
                  </button>
                  <span class="mailbox-test-result" role="status">
                    {testing.has(m.id) ? 'Signing in…' : tested.get(m.id)}
                  </span>
                </span>
              ),
            },
            {
              header: 'Remove',
              cell: (m) => (
                <button type="button" aria-label={`Remove the mailbox ${m.address}`} onClick={() => void remove(m)}>
                  Remove
                </button>
              ),
            },
          ]}
        />
      )}
      <AddMailbox onAdded={list.reload} />
      <Unreadable
        messages={unreadable.data?.messages}
        error={unreadable.error}
        onRetry={unreadable.reload}
        mailboxes={mailboxes ?? []}
      />
    </section>
  );
}

function AddMailbox(props: { onAdded: () => void }) {
  const [address, setAddress] = useState('');
  const [host, setHost] = useState('');
  const [port, setPort] = useState(DEFAULT_PORT);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [folder, setFolder] = useState(DEFAULT_FOLDER);
  const [unknownSenders, setUnknownSenders] = useState<Mailbox['unknownSenders']>('refuse');
  const choiceId = useId();
  const form = useSubmit(async () => {
    const typedPort = port.trim();
    if (!/^\d{1,5}$/.test(typedPort) || Number(typedPort) < 1 || Number(typedPort) > 65535) {
      throw new ApiError(400, 'invalid-input', '', '', new Map([['port', 'Enter a port number, from 1 to 65535']]));
    }
    const body: NewMailbox = {
      address: address.trim(),
      host: host.trim(),
      port: Number(typedPort),
      username: username.trim(),
      password,
      processedFolder: folder.trim(),
      unknownSenders,
    };
    try {
      const { mailbox } = await addMailbox(body);
      announce(`Mailbox ${mailbox.address} added: test it in the list above`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        throw new ApiError(
          409,
          'conflict',
          '',
          `Desk already reads ${body.address.toLowerCase()}. To change how, remove it from the list above and add ` +
            'it again.',
        );
      }
      throw e;
    }
    setAddress('');
    setHost('');
    setPort(DEFAULT_PORT);
    setUsername('');
    setPassword('');
    setFolder(DEFAULT_FOLDER);
    setUnknownSenders('refuse');
    props.onAdded();
  });
  const input = (set: (v: string) => void) => (e: Event) => (set(valueOf(e)), form.reset());
  const choiceError = form.error('unknownSenders');
  return (
    <form class="mailbox-form" onSubmit={form.submit} noValidate aria-labelledby="add-mailbox-title">
      <h3 id="add-mailbox-title">Add a mailbox</h3>
      <div class="mailbox-fields">
        <TextField
          label="Address"
          type="email"
          value={address}
          maxLength={320}
          autocomplete="off"
          hint="The address people write to, such as helpdesk@your-school.org."
          error={form.error('address')}
          onInput={input(setAddress)}
        />
        <TextField
          label="Server"
          value={host}
          maxLength={253}
          autocomplete="off"
          spellcheck={false}
          hint="The IMAP server's name, such as imap.gmail.com."
          error={form.error('host')}
          onInput={input(setHost)}
        />
        <TextField
          label="Port"
          value={port}
          inputMode="numeric"
          maxLength={5}
          autocomplete="off"
          hint="993 unless your provider says otherwise (IMAP over TLS)."
          error={form.error('port')}
          onInput={input(setPort)}
        />
        <TextField
          label="User name"
          value={username}
          maxLength={320}
          autocomplete="off"
          spellcheck={false}
          hint="Who Desk signs in as: usually the mailbox's own address."
          error={form.error('username')}
          onInput={input(setUsername)}
        />
        <TextField
          label="Password"
          type="password"
          value={password}
          maxLength={1000}
          autocomplete="new-password"
          hint="For Google Workspace, an app password. Desk keeps it sealed and never shows it again."
          error={form.error('password')}
          onInput={input(setPassword)}
        />
        <TextField
          label="Folder for read mail"
          value={folder}
          maxLength={200}
          autocomplete="off"
          hint="Desk moves each message it has read here, and makes the folder if it is missing."
          error={form.error('processedFolder')}
          onInput={input(setFolder)}
        />
      </div>
      <fieldset
        class={`mailbox-senders${choiceError ? ' field-invalid' : ''}`}
        aria-describedby={choiceError ? `${choiceId}-error` : undefined}
      >
        <legend>Mail from an address the school does not know</legend>
        {UNKNOWN_SENDERS.map(([value, label, hint]) => (
          <div key={value} class="mailbox-choice">
            <input
              type="radio"
              id={`${choiceId}-${value}`}
              name={`${choiceId}-unknown-senders`}
              value={value}
              checked={unknownSenders === value}
              aria-describedby={`${choiceId}-${value}-hint`}
              onChange={() => (setUnknownSenders(value), form.reset())}
            />
            <div>
              <label for={`${choiceId}-${value}`}>{label}</label>
              <p class="field-hint" id={`${choiceId}-${value}-hint`}>
                {hint}
              </p>
            </div>
          </div>
        ))}
        {choiceError && (
          <p class="field-error" id={`${choiceId}-error`}>
            {choiceError}
          </p>
        )}
      </fieldset>
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        {form.busy ? 'Adding…' : 'Add mailbox'}
      </button>
    </form>
  );
}

/** The messages Desk could not read (too large, no sender, broken), kept whole, newest first. */
function Unreadable(props: {
  messages: readonly UnreadableMessage[] | undefined;
  error: unknown;
  onRetry: () => void;
  mailboxes: readonly Mailbox[];
}) {
  const addressOf = (id: string) => props.mailboxes.find((m) => m.id === id)?.address ?? 'A removed mailbox';
  return (
    <section class="mailbox-unreadable" aria-labelledby="unreadable-title">
      <h3 id="unreadable-title">Could not read</h3>
      <p>
        Messages Desk could not make a ticket of: larger than the mailbox's limit, without a sender, or not readable as
        e-mail. Desk keeps each one whole, and opens no ticket for it.
      </p>
      {props.error !== undefined && !props.messages ? (
        <ErrorNotice error={props.error} onRetry={props.onRetry} />
      ) : (
        <DataTable
          caption="Messages Desk could not read, newest first"
          rows={props.messages}
          rowKey={(m) => m.id}
          empty="Nothing waiting."
          columns={[
            { header: 'Received', cell: (m) => <time dateTime={m.receivedAt}>{formatInstant(m.receivedAt)}</time> },
            { header: 'Mailbox', cell: (m) => <span class="mailbox-text">{addressOf(m.mailboxId)}</span> },
            { header: 'Why', cell: (m) => m.reason },
            { header: 'Size', cell: (m) => formatSize(m.size), numeric: true },
          ]}
        />
      )}
    </section>
  );
}
