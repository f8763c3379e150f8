/**
 * Tickets: the service desk's queue, newest first or by the earliest due time still running, searched
 * by subject or text, filtered by status, team, to the tickets past a service target and to those
 * assigned to the signed-in user; filters, order and page in the address. It follows the live
 * stream: a ticket opened or worked elsewhere shows without a reload. Someone who may open tickets but
 * not read the queue (a teacher) finds the way to open one here.
 */
import { listTickets } from '../../api/tickets.js';
import { useRoutingNames } from './routing.js';
import { DueAt, nextDue } from './due.js';
import { formatInstant } from '../../format.js';
import { Link } from '../../router.js';
import { can, me } from '../../state/session.js';
import { FilterBar, filtering, filterValues, PagedTable, type Filter } from '../../ui/list-page.js';
import { Empty, Loading, PageHeader } from '../../ui/page.js';
import { canSeePeople, ownPerson, PersonName, type Person } from '../../ui/people.js';
import { currentPage } from '../../ui/search.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import { PriorityBadge, STATUS_LABEL, TICKET_STATUSES, TicketStatusBadge, type TicketStatus } from './ticket.js';
import '../repairs/repairs.css';

const PAGE_SIZE = 25;

export default function Tickets() {
  if (!can('ticket.view')) return <OpenOnly />;
  return <TicketList />;
}

/** "Assigned to me" is offered to those who can see people (tickets are assigned to people). */
const ticketFilters = (): readonly (Filter | false)[] => [
  { kind: 'search', label: 'Search tickets', placeholder: 'Subject or text' },
  {
    kind: 'choice',
    param: 'status',
    label: 'Status',
    choices: [
      { value: '', label: 'Any status' },
      ...TICKET_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
    ],
  },
  canSeePeople() && { kind: 'check', param: 'mine', label: 'Assigned to me', on: '1' },
  { kind: 'check', param: 'breached', label: 'Past target only', on: 'true' },
];

/** The order of the queue (`?sort=due`): not a filter, so it never makes the list "match" nothing. */
const SORT_FILTER = {
  kind: 'choice',
  param: 'sort',
  label: 'Sort',
  choices: [
    { value: '', label: 'Newest first' },
    { value: 'due', label: 'Due soonest' },
  ],
} as const satisfies Filter;

function TicketList() {
  const routing = useRoutingNames();
  const narrowing = [
    ...ticketFilters(),
    routing.teams.length > 0 && {
      kind: 'choice' as const,
      param: 'team',
      label: 'Team',
      choices: routing.teamChoices('Any team'),
    },
  ];
  const filters = [...narrowing, SORT_FILTER];
  const values = filterValues(filters);
  const q = values['q'] ?? '';
  const status = values['status'] ?? '';
  const mine = values['mine'] === '1';
  const team = values['team'] ?? '';
  const breached = values['breached'] === 'true';
  const sort = values['sort'] === 'due' ? 'due' : undefined;
  const page = currentPage();
  // "Assigned to me" needs the user's own person record (tickets are assigned to people).
  // undefined until known (null: the user has none).
  const ownRecord = useResource(() => (mine ? ownPerson() : Promise.resolve(undefined)), [mine]);
  const own: Person | null | undefined = mine ? ownRecord.data : undefined;
  const waiting = mine && own === undefined;
  const list = useResource(
    () =>
      waiting || (mine && own === null)
        ? Promise.resolve(undefined)
        : listTickets({
            q,
            status: (status || undefined) as TicketStatus | undefined,
            assigneeId: mine ? own?.id : undefined,
            teamId: team || undefined,
            ...(breached ? { breached: true } : {}),
            ...(sort ? { sort } : {}),
            page,
            pageSize: PAGE_SIZE,
          }),
    [q, status, mine, own?.id, team, breached, sort, page],
  );
  useLiveReload(['ticket.created', 'ticket.updated'], list.reload);

  return (
    <section>
      <PageHeader title="Tickets">
        {can('module.servicedesk', 'ticket.create') && (
          <Link href="/tickets/new" class="button primary">
            New ticket
          </Link>
        )}
      </PageHeader>
      <FilterBar filters={filters} />
      {waiting ? (
        <Loading />
      ) : mine && own === null ? (
        <Empty>
          No member of staff in People has your e-mail address ({me.value?.user.email}), so no ticket can be assigned to
          you yet. An administrator can add you to People with that address.
        </Empty>
      ) : (
        <PagedTable
          list={list}
          rows={(d) => d.tickets}
          caption="Tickets"
          class="desk-list"
          page={page}
          pageSize={PAGE_SIZE}
          rowKey={(t) => t.id}
          empty={filtering(narrowing) ? 'No ticket matches these filters.' : 'No tickets yet.'}
          columns={[
            {
              header: 'Ticket',
              cell: (t) => <Link href={`/tickets/${encodeURIComponent(t.id)}`}>Ticket {t.number}</Link>,
            },
            { header: 'Subject', cell: (t) => <span class="ticket-subject">{t.subject}</span> },
            { header: 'Status', cell: (t) => <TicketStatusBadge status={t.status} /> },
            { header: 'Priority', cell: (t) => <PriorityBadge priority={t.priority} /> },
            { header: 'Assigned to', cell: (t) => <PersonName id={t.assigneeId} nobody="Nobody" /> },
            { header: 'Team', cell: (t) => routing.teamName(t.teamId) },
            {
              header: 'Due',
              cell: (t) => {
                const due = nextDue(t);
                return due && <DueAt at={due} />;
              },
            },
            { header: 'Updated', cell: (t) => formatInstant(t.updatedAt) },
          ]}
        />
      )}
    </section>
  );
}

/** For those who open tickets but do not read the queue (teachers, the loan desk, by default). */
function OpenOnly() {
  return (
    <section>
      <PageHeader title="Tickets" />
      <p>Ask the IT team for help here; they will answer you.</p>
      <p>
        <Link href="/tickets/new" class="button primary">
          New ticket
        </Link>
      </p>
    </section>
  );
}
