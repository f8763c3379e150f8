/**
 * The help desk page's e-mail to requesters: whether Desk writes to the people who ask about their
 * tickets, whether it confirms each new ticket with its number, and its three day counts (a resolved
 * ticket reopened by a reply, one reminder while a ticket waits on its requester, and closing it
 * when they never answer), each turned off by 0. Saved whole; the server's message for a field is
 * shown beside it. Mail only goes out where the deployment has a mail server; the setting is kept
 * either way.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../../../api/client.js';
import {
  myTicketMail,
  saveMyTicketMail,
  saveTicketMailSettings,
  ticketMailSettings,
  type StaffTicketMail,
  type TicketMailSettings,
} from '../../../api/ticket-mail.js';
import { CheckboxField, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, Loading } from '../../../ui/page.js';
import { useResource } from '../../../ui/use-resource.js';

const DAYS = [
  [
    'reopenDays',
    'Days a reply can reopen a resolved ticket',
    'For this many days after a ticket is resolved, the requester can reply to the e-mail and the ticket opens ' +
      'again. After that Desk closes it. 0 turns this off: resolved tickets stay resolved until someone closes them.',
  ],
  [
    'waitingReminderDays',
    'Days without an answer before one reminder',
    'When a ticket has been Pending (waiting on the requester) for this many days, Desk sends them one reminder. ' +
      '0 turns reminders off.',
  ],
  [
    'closeAfterDays',
    'Days without an answer before Desk closes the ticket',
    'When a ticket has been Pending for this many days with no answer, Desk closes it and, with e-mail on, tells the ' +
      'requester in a last message. 0 turns this off: Pending tickets stay open until someone closes them.',
  ],
] as const satisfies readonly (readonly [keyof TicketMailSettings, string, string])[];

/** The days as typed, when they are a whole number; anything else is left for the form to name. */
const wholeDays = (text: string): number | undefined => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

const checkedOf = (e: Event) => (e.currentTarget as HTMLInputElement).checked;

/** Whether and when Desk e-mails the person who asked, about their ticket. */
export function RequesterMail() {
  const settings = useResource(ticketMailSettings, []);
  return (
    <section class="helpdesk-section" aria-labelledby="ticket-mail-title">
      <h2 id="ticket-mail-title">E-mail to requesters</h2>
      <p>
        Desk can e-mail the person who asked about their ticket: your public replies (never internal notes), when it is
        resolved, and the follow-ups below, each with the ticket number in the subject so that their answer finds the
        ticket. Mail goes out only if this Desk has a mail server set up; the settings are kept either way.
      </p>
      {settings.error !== undefined && !settings.data ? (
        <ErrorNotice error={settings.error} onRetry={settings.reload} />
      ) : !settings.data ? (
        <Loading />
      ) : (
        <RequesterMailForm key={JSON.stringify(settings.data)} current={settings.data} onSaved={settings.reload} />
      )}
    </section>
  );
}

function RequesterMailForm(props: { current: TicketMailSettings; onSaved: () => void }) {
  const { current } = props;
  const [enabled, setEnabled] = useState(current.enabled);
  const [acknowledge, setAcknowledge] = useState(current.acknowledge);
  const [typed, setTyped] = useState(() => DAYS.map(([field]) => String(current[field])));
  const form = useSubmit(async () => {
    const wrong = new Map<string, string>();
    const days = DAYS.map(([field], i) => {
      const n = wholeDays(typed[i]!);
      if (n === undefined) wrong.set(field, 'Enter a whole number of days, from 0 to 90');
      return n ?? 0;
    });
    if (wrong.size > 0) throw new ApiError(400, 'invalid-input', '', '', wrong);
    await saveTicketMailSettings({
      enabled,
      acknowledge,
      reopenDays: days[0]!,
      waitingReminderDays: days[1]!,
      closeAfterDays: days[2]!,
    });
    announce('E-mail to requesters saved');
    props.onSaved();
  });
  const check = (field: 'enabled' | 'acknowledge', label: string, checked: boolean, set: (v: boolean) => void) => {
    const error = form.error(field);
    return (
      <>
        <CheckboxField
          label={label}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `ticket-mail-${field}-error` : undefined}
          onChange={(e: Event) => (set(checkedOf(e)), form.reset())}
        />
        {error && (
          <p class="field-error" id={`ticket-mail-${field}-error`}>
            {error}
          </p>
        )}
      </>
    );
  };
  return (
    <form class="ticket-mail-form" onSubmit={form.submit} noValidate aria-label="E-mail to requesters">
      {check('enabled', 'E-mail requesters about their tickets', enabled, setEnabled)}
      {check('acknowledge', 'Confirm each new ticket by e-mail, with its number', acknowledge, setAcknowledge)}
      {DAYS.map(([field, label, hint], i) => (
        <TextField
          key={field}
          label={label}
          type="number"
          min={0}
          max={90}
          step={1}
          inputMode="numeric"
          autocomplete="off"
          value={typed[i]}
          hint={hint}
          error={form.error(field)}
          onInput={(e: Event) => {
            const value = (e.currentTarget as HTMLInputElement).value;
            setTyped((all) => all.map((v, j) => (j === i ? value : v)));
            form.reset();
          }}
        />
      ))}
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save e-mail settings'}
      </button>
    </form>
  );
}

/**
 * What the signed-in member of staff hears of by e-mail for the tickets of their teams: their own
 * choice, nobody else's. Someone whose console account is not a member of staff of the school (no
 * staff record with their address) is told so instead of a form.
 */
export function MyTicketMail() {
  const mine = useResource(myTicketMail, []);
  const noRecord = mine.error instanceof ApiError && mine.error.status === 409;
  return (
    <section class="helpdesk-section" aria-labelledby="my-mail-title">
      <h2 id="my-mail-title">My e-mail</h2>
      <p>
        Hear by e-mail of the tickets of your teams: each new one routed to a team you are in, and each answer from the
        person who asked. Nothing comes while a team has you marked away. A reply to one of these e-mails is kept on the
        ticket as an internal note.
      </p>
      {noRecord ? (
        <p class="notice">
          Your console account is not a member of staff of the school, so there is nothing to choose here. Ask an
          administrator to add you under People as staff, with the address you sign in with.
        </p>
      ) : mine.error !== undefined && !mine.data ? (
        <ErrorNotice error={mine.error} onRetry={mine.reload} />
      ) : !mine.data ? (
        <Loading />
      ) : (
        <MyTicketMailForm key={JSON.stringify(mine.data)} current={mine.data} onSaved={mine.reload} />
      )}
    </section>
  );
}

function MyTicketMailForm(props: { current: StaffTicketMail; onSaved: () => void }) {
  const [newTickets, setNewTickets] = useState(props.current.newTickets);
  const [replies, setReplies] = useState(props.current.replies);
  const form = useSubmit(async () => {
    await saveMyTicketMail({ newTickets, replies });
    announce('Your e-mail choices saved');
    props.onSaved();
  });
  const { teams } = props.current;
  return (
    <form class="ticket-mail-form" onSubmit={form.submit} noValidate aria-label="My e-mail">
      <p class="field-hint">
        {teams.length === 0
          ? 'You are in no team yet: nothing reaches you until you are.'
          : `Your teams: ${teams.map((t) => t.name).join(', ')}.`}
      </p>
      <CheckboxField
        label="E-mail me about each new ticket for my teams"
        checked={newTickets}
        onChange={(e: Event) => (setNewTickets(checkedOf(e)), form.reset())}
      />
      <CheckboxField
        label="E-mail me when someone answers on a ticket of my teams"
        checked={replies}
        onChange={(e: Event) => (setReplies(checkedOf(e)), form.reset())}
      />
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save my e-mail'}
      </button>
    </form>
  );
}
