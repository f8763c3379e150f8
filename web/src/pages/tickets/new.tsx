/**
 * Opening a ticket: a subject, what is needed, its priority and (for the desk, taking a call) who
 * asks. Without a requester the server takes the signed-in user's own person record. The desk goes to
 * the new ticket; someone who may open tickets but not read them is told its number.
 */
import { useState } from 'preact/hooks';
import { useRoutingNames } from './routing.js';
import { openTicket } from '../../api/tickets.js';
import { Link, navigate } from '../../router.js';
import { can } from '../../state/session.js';
import { SelectField, TextArea, TextField } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { announce } from '../../ui/notices.js';
import { PageHeader } from '../../ui/page.js';
import { canSeePeople, PersonPicker } from '../../ui/people.js';
import type { Pickable } from '../../ui/search-picker.js';
import { PRIORITY_LABEL, TICKET_PRIORITIES, type Ticket, type TicketPriority } from './ticket.js';
import '../repairs/repairs.css';

export default function NewTicket() {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('NORMAL');
  const [requester, setRequester] = useState<Pickable | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const routing = useRoutingNames();
  const [opened, setOpened] = useState<Ticket | null>(null);
  const form = useSubmit(async () => {
    const { ticket } = await openTicket({
      subject: subject.trim(),
      body: body.trim(),
      priority,
      ...(requester ? { requesterId: requester.id } : {}),
      ...(categoryId ? { categoryId } : {}),
    });
    announce(`Ticket ${ticket.number} opened`);
    if (can('ticket.view')) navigate(`/tickets/${encodeURIComponent(ticket.id)}`);
    else setOpened(ticket);
  });

  if (opened) {
    return (
      <section>
        <PageHeader title="Ticket opened" />
        <p>
          Ticket <strong>{opened.number}</strong> is with the IT team. Quote its number if you ask about it.
        </p>
        <button type="button" onClick={() => (setOpened(null), setSubject(''), setBody(''))}>
          Open another ticket
        </button>
      </section>
    );
  }

  return (
    <section>
      <PageHeader title="New ticket">{can('ticket.view') && <Link href="/tickets">All tickets</Link>}</PageHeader>
      <form onSubmit={form.submit} noValidate>
        <TextField
          label="Subject"
          value={subject}
          maxLength={200}
          autocomplete="off"
          onInput={(e: Event) => setSubject((e.currentTarget as HTMLInputElement).value)}
          error={form.error('subject')}
        />
        <TextArea
          label="What is needed"
          value={body}
          maxLength={10000}
          onInput={(e: Event) => setBody((e.currentTarget as HTMLTextAreaElement).value)}
          error={form.error('body')}
        />
        <SelectField
          label="Priority"
          value={priority}
          onChange={(e: Event) => setPriority((e.currentTarget as HTMLSelectElement).value as TicketPriority)}
          choices={TICKET_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABEL[p] }))}
          error={form.error('priority')}
        />
        {routing.categories.length > 0 && (
          <SelectField
            label="Category"
            value={categoryId}
            onChange={(e: Event) => setCategoryId((e.currentTarget as HTMLSelectElement).value)}
            choices={routing.categoryChoices('Not sure')}
            error={form.error('categoryId')}
            hint="What it is about: it sends the ticket to the team that handles it."
          />
        )}
        {can('ticket.manage') && canSeePeople() && (
          <PersonPicker
            label="Asked by (optional)"
            value={requester}
            onChange={setRequester}
            error={form.error('requesterId')}
            hint="Leave empty when you ask yourself; choose the person when you take a call for them."
          />
        )}
        <FormProblem form={form} />
        <button type="submit" class="primary" disabled={form.busy}>
          Open the ticket
        </button>
      </form>
    </section>
  );
}
