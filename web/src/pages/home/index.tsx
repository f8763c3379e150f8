/**
 * Home: how the loaner pool stands (the inventory summary), the loans due back today and those
 * overdue with their holders, open repairs and new tickets — each section only for those who may see
 * it. Everything follows the event stream without a reload; while the stream is paused the page says
 * its figures may be out of date, and reloads all when it comes back (or on the server's `reset`).
 */
import { useEffect, useState } from 'preact/hooks';
import { listRepairs, type Repair } from '../../api/repairs.js';
import { listTickets } from '../../api/tickets.js';
import { liveState } from '../../api/events.js';
import { formatCount, formatDate, formatInstant, todayInSchool } from '../../format.js';
import { Link } from '../../router.js';
import { can, me } from '../../state/session.js';
import { Empty, ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import { addDays, inventory, type InventoryPage, type Loan } from '../../api/loans.js';
import { listReservations, RESERVATION_EVENTS } from '../../api/reservations.js';
import './home.css';

const LIST = 8;

const OPEN_REPAIRS = ['NEW', 'ASSIGNED', 'IN_REPAIR'] as const satisfies readonly Repair['status'][];

async function loadLoans() {
  const today = todayInSchool();
  const [due, overdue] = await Promise.all([
    inventory({ dueDate: today, pageSize: LIST }),
    inventory({ overdue: true, pageSize: LIST }),
  ]);
  return { due, overdue, at: new Date().toISOString() };
}

async function loadRepairs() {
  const pages = await Promise.all(OPEN_REPAIRS.map((status) => listRepairs({ status, pageSize: LIST })));
  const newest = pages
    .flatMap((p) => p.submissions)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, LIST);
  return { total: pages.reduce((n, p) => n + p.total, 0), newest };
}

const loadTickets = () => listTickets({ status: 'NEW', pageSize: LIST });

/** Bookings to pick up today: active ones starting today (school time zone), by start. */
async function loadPickups() {
  const today = todayInSchool();
  const page = await listReservations({
    from: `${today}T00:00`,
    to: `${addDays(today, 1)}T00:00`,
    status: 'ACTIVE',
    pageSize: 100,
  });
  return page.reservations.filter((r) => startsToday(r.from, today));
}

const schoolDate = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: me.value?.tenant.timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
const startsToday = (instant: string, today: string) => schoolDate(instant) === today;

export default function Home() {
  const loans = can('module.loans', 'loan.view');
  const repairs = can('module.repairs', 'repair.view');
  const tickets = can('module.servicedesk', 'ticket.view');
  const live = liveState.value;
  const [pausedSince, setPausedSince] = useState<string | null>(null);
  useEffect(() => {
    if (live === 'paused') setPausedSince((s) => s ?? new Date().toISOString());
    else if (live === 'live') setPausedSince(null);
  }, [live]);

  return (
    <section class="home">
      <PageHeader title="Home" />
      <p class="home-welcome">
        {me.value?.user.name} · {me.value?.tenant.name}
      </p>
      {live === 'paused' && (
        <p class="notice notice-warn home-paused" role="status">
          Live updates paused{pausedSince ? ` since ${formatInstant(pausedSince)}` : ''}: the figures below may be out
          of date. Use Retry beside “Live updates paused” at the top, or reload the page.
        </p>
      )}
      {loans && <LoanSections />}
      {loans && can('reservation.create') && <Pickups />}
      <div class="home-columns">
        {repairs && <Repairs />}
        {tickets && <Tickets />}
      </div>
      {!loans && !repairs && !tickets && <Empty>Nothing for you on Home yet: use the navigation above.</Empty>}
    </section>
  );
}

function LoanSections() {
  const r = useResource(loadLoans, []);
  useLiveReload((e) => e.type.startsWith('loan.'), r.reload);
  if (r.error !== undefined && !r.data) return <ErrorNotice error={r.error} onRetry={r.reload} />;
  if (!r.data) return <Loading label="Loading the loans…" />;
  const { due, overdue } = r.data;
  const s = due.summary;
  const tiles: { label: string; value: number; href?: string }[] = [
    { label: 'Loaners in the pool', value: s.total, href: '/loans' },
    { label: 'Available', value: s.available, href: '/loans?status=AVAILABLE' },
    { label: 'Issued', value: s.issued, href: '/loans?status=ISSUED' },
    { label: 'Overdue', value: s.overdue, href: '/loans?overdue=true' },
    { label: 'Issued without due date', value: s.withoutDueDate },
  ];
  return (
    <>
      <h2 class="visually-hidden">Loaner pool</h2>
      <ul class="tiles home-tiles" aria-label="Loaner pool" aria-busy={r.loading ? 'true' : undefined}>
        {tiles.map((t) => (
          <li key={t.label} class={`tile${t.label === 'Overdue' && t.value > 0 ? ' tile-alert' : ''}`}>
            <span class="tile-value">{formatCount(t.value)}</span>{' '}
            {t.href ? (
              <Link href={t.href} class="tile-label">
                {t.label}
              </Link>
            ) : (
              <span class="tile-label">{t.label}</span>
            )}
          </li>
        ))}
      </ul>
      {r.error !== undefined && <ErrorNotice error={r.error} onRetry={r.reload} />}
      <div class="home-columns">
        <LoanList
          title="Due back today"
          page={due}
          empty="No loan is due back today."
          more={{ href: `/loans?dueDate=${todayInSchool()}`, label: 'loans due back today' }}
        />
        <LoanList
          title="Overdue"
          page={overdue}
          empty="No loan is overdue."
          more={{ href: '/loans?overdue=true', label: 'overdue loans' }}
        />
      </div>
    </>
  );
}

function LoanList(props: { title: string; page: InventoryPage; empty: string; more: { href: string; label: string } }) {
  const { page } = props;
  const id = `home-${props.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section class="home-card" aria-labelledby={id}>
      <h2 id={id}>
        {props.title} <span class="badge">{formatCount(page.total)}</span>
      </h2>
      {page.loans.length === 0 ? (
        <Empty>{props.empty}</Empty>
      ) : (
        <ul class="home-list">
          {page.loans.map((l) => (
            <LoanLine key={l.id} loan={l} />
          ))}
        </ul>
      )}
      {page.total > page.loans.length && (
        <Link href={props.more.href}>
          All {formatCount(page.total)} {props.more.label}
        </Link>
      )}
    </section>
  );
}

function LoanLine({ loan }: { loan: Loan }) {
  const holder = loan.holder ? (
    can('module.people', 'person.view') ? (
      <Link href={`/people/${loan.holder.id}`}>{loan.holder.name}</Link>
    ) : (
      loan.holder.name
    )
  ) : (
    '—'
  );
  return (
    <li>
      <span class="home-line-main">
        <Link href={`/loans/${loan.number}`}>
          Loaner {loan.number} <span class="serial">{loan.serial}</span>
        </Link>{' '}
        · {holder}
        {loan.userGroup && ` (${loan.userGroup})`}
      </span>
      <span class="home-line-detail">
        {loan.overdue ? `Was due ${formatDate(loan.dueDate)}` : `Due ${formatDate(loan.dueDate)}`} · {loan.groupName}
      </span>
    </li>
  );
}

function Pickups() {
  const r = useResource(loadPickups, []);
  useLiveReload(RESERVATION_EVENTS, r.reload);
  return (
    <section class="home-card home-pickups" aria-labelledby="home-pickups">
      <h2 id="home-pickups">Today’s pickups {r.data && <span class="badge">{formatCount(r.data.length)}</span>}</h2>
      {r.error !== undefined ? (
        <ErrorNotice error={r.error} onRetry={r.reload} />
      ) : !r.data ? (
        <Loading />
      ) : r.data.length === 0 ? (
        <Empty>No booking starts today.</Empty>
      ) : (
        <ul class="home-list">
          {r.data.map((b) => (
            <li key={b.id}>
              <span class="home-line-main">
                {formatInstant(b.from)}: {formatCount(b.quantity - b.fulfilled)} of {formatCount(b.quantity)} from{' '}
                <Link href={`/loans/bookings?group=${encodeURIComponent(b.groupId)}`}>{b.groupName}</Link>
              </span>
              <span class="home-line-detail">
                {[b.person?.name, b.note].filter(Boolean).join(' · ') || 'No person named'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Repairs() {
  const r = useResource(loadRepairs, []);
  useLiveReload((e) => e.type.startsWith('submission.'), r.reload);
  return (
    <section class="home-card" aria-labelledby="home-repairs">
      <h2 id="home-repairs">Open repairs {r.data && <span class="badge">{formatCount(r.data.total)}</span>}</h2>
      {r.error !== undefined ? (
        <ErrorNotice error={r.error} onRetry={r.reload} />
      ) : !r.data ? (
        <Loading />
      ) : r.data.newest.length === 0 ? (
        <Empty>No repair is open.</Empty>
      ) : (
        <ul class="home-list">
          {r.data.newest.map((s) => (
            <li key={s.id}>
              <span class="home-line-main">
                <Link href={`/repairs/${s.id}`}>
                  Repair {s.number}: {s.serial}
                </Link>
              </span>
              <span class="home-line-detail">
                {s.status.replace('_', ' ').toLowerCase()} · {s.description.slice(0, 80)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Tickets() {
  const r = useResource(loadTickets, []);
  useLiveReload((e) => e.type.startsWith('ticket.'), r.reload);
  return (
    <section class="home-card" aria-labelledby="home-tickets">
      <h2 id="home-tickets">New tickets {r.data && <span class="badge">{formatCount(r.data.total)}</span>}</h2>
      {r.error !== undefined ? (
        <ErrorNotice error={r.error} onRetry={r.reload} />
      ) : !r.data ? (
        <Loading />
      ) : r.data.tickets.length === 0 ? (
        <Empty>No new ticket.</Empty>
      ) : (
        <ul class="home-list">
          {r.data.tickets.map((t) => (
            <li key={t.id}>
              <span class="home-line-main">
                <Link href={`/tickets/${t.id}`}>
                  Ticket {t.number}: {t.subject}
                </Link>
              </span>
              <span class="home-line-detail">
                {t.priority.toLowerCase()} priority · {formatInstant(t.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
