/**
 * Bookings: one loan group's week. Each school day shows how many units are booked and free at its
 * busiest moment, and its bookings as bars across the day (08:00–18:00 is the scale; a booking outside
 * it sits at an edge). Booking a class set is a small form under the week; a booking the group cannot
 * give is refused with the server's words (how many units are free). The group and the week are in
 * the address; bookings by other desks reload the week through the event stream.
 */
import { useState } from 'preact/hooks';
import { messageOf } from '../../../api/client.js';
import { addDays, loanGroups } from '../../../api/loans.js';
import {
  availability,
  cancelReservation,
  createReservation,
  listReservations,
  RESERVATION_EVENTS,
  type Reservation,
} from '../../../api/reservations.js';
import { formatCount, formatDate, todayInSchool } from '../../../format.js';
import { Link, query, setQuery } from '../../../router.js';
import { can, me } from '../../../state/session.js';
import { confirm } from '../../../ui/confirm.js';
import { SelectField, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { Empty, ErrorNotice, Loading, PageHeader } from '../../../ui/page.js';
import { PersonPicker } from '../../../ui/people.js';
import type { Pickable } from '../../../ui/search-picker.js';
import { useLiveReload } from '../../../ui/use-live-reload.js';
import { useResource } from '../../../ui/use-resource.js';
import './bookings.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_START = 8 * 60;
const DAY_END = 18 * 60;

/** The Monday of the week `date` falls in. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** An instant's date and minutes after midnight on the school's wall clock. */
function wall(instant: string): { date: string; minutes: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: me.value?.tenant.timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const [h, m] = [Number(part('hour')), Number(part('minute'))];
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: h * 60 + m,
    time: `${part('hour')}:${part('minute')}`,
  };
}

const weekdayName = (date: string) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

async function loadWeek(groupId: string, week: string) {
  const from = `${week}T00:00`;
  const to = `${addDays(week, 7)}T00:00`;
  const [free, booked] = await Promise.all([
    availability(groupId, from, to),
    listReservations({ groupId, from, to, status: 'ACTIVE', pageSize: 100 }),
  ]);
  return { free, bookings: booked.reservations, total: booked.total };
}

export default function Bookings() {
  const q = query.value;
  const groups = useResource(() => loanGroups(), []);
  const groupId = q.get('group') ?? groups.data?.loanGroups[0]?.id ?? '';
  const week = mondayOf(DATE.test(q.get('week') ?? '') ? q.get('week')! : todayInSchool());
  const days = Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const data = useResource(() => (groupId ? loadWeek(groupId, week) : Promise.resolve(null)), [groupId, week]);
  useLiveReload(RESERVATION_EVENTS, data.reload);
  const groupName = groups.data?.loanGroups.find((g) => g.id === groupId)?.name ?? '';

  const cancel = async (r: Reservation) => {
    const yes = await confirm({
      title: 'Cancel this booking?',
      message: `${r.quantity} unit${r.quantity === 1 ? '' : 's'} of ${r.groupName}, ${wall(r.from).time}–${wall(r.to).time} on ${formatDate(wall(r.from).date)}. It stays in the history as cancelled.`,
      confirmLabel: 'Cancel booking',
      danger: true,
    });
    if (!yes) return;
    try {
      await cancelReservation(r.id);
      announce('Booking cancelled.');
    } catch (error) {
      announce(messageOf(error), 'error');
    }
    data.reload();
  };

  return (
    <section class="bookings-page">
      <PageHeader title="Bookings" />
      {groups.error !== undefined && <ErrorNotice error={groups.error} onRetry={groups.reload} />}
      <form class="filters" aria-label="Week" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Loan group"
          value={groupId}
          onChange={(e) => setQuery({ group: (e.currentTarget as HTMLSelectElement).value })}
          choices={(groups.data?.loanGroups ?? []).map((g) => ({ value: g.id, label: g.name }))}
        />
        <TextField
          label="Week of"
          type="date"
          value={week}
          onChange={(e) => DATE.test(e.currentTarget.value) && setQuery({ week: mondayOf(e.currentTarget.value) })}
        />
        <div class="bookings-steps">
          <button type="button" onClick={() => setQuery({ week: addDays(week, -7) })}>
            Previous week
          </button>
          <button type="button" onClick={() => setQuery({ week: addDays(week, 7) })}>
            Next week
          </button>
        </div>
      </form>
      {groups.data && groups.data.loanGroups.length === 0 && (
        <Empty>
          There is no loan group to book from.{' '}
          {can('loan.manage') ? (
            <>
              <Link href="/loans/add">Add loaners</Link> in a new group first.
            </>
          ) : (
            'Someone who manages the pool adds the groups and their loaners.'
          )}
        </Empty>
      )}
      {data.error !== undefined && <ErrorNotice error={data.error} onRetry={data.reload} />}
      {groupId && !data.data && data.error === undefined && <Loading label="Loading the week…" />}
      {data.data && (
        <>
          <p class="bookings-summary">
            {groupName}: {formatCount(data.data.free.inService)} units in service, {formatCount(data.data.free.out)} out
            on loan through the week.
          </p>
          <ol class="week" aria-label={`Week of ${formatDate(week)}`} aria-busy={data.loading ? 'true' : undefined}>
            {days.map((date, i) => {
              const tally = data.data!.free.days[i];
              const today = data.data!.bookings.filter((b) => wall(b.from).date <= date && wall(b.to).date >= date);
              const id = `day-${date}`;
              return (
                <li key={date} class={`week-day${date === todayInSchool() ? ' week-today' : ''}`} aria-labelledby={id}>
                  <h2 id={id}>
                    {weekdayName(date)} <span class="week-date">{formatDate(date)}</span>
                  </h2>
                  <p class="week-tally">
                    <span class="badge">{formatCount(tally?.booked ?? 0)} booked</span>{' '}
                    <span class={`badge${tally && tally.free === 0 ? ' badge-danger' : ''}`}>
                      {formatCount(tally?.free ?? 0)} free
                    </span>
                  </p>
                  {today.length === 0 ? (
                    <p class="week-none">No booking.</p>
                  ) : (
                    <ul class="week-bars">
                      {today.map((b) => (
                        <Bar key={b.id} booking={b} date={date} onCancel={() => void cancel(b)} />
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
          {data.data.total > data.data.bookings.length && (
            <p class="notice">The first {data.data.bookings.length} bookings of this week are shown.</p>
          )}
          {can('reservation.create') && <BookForm groupId={groupId} week={week} onDone={data.reload} />}
        </>
      )}
    </section>
  );
}

function Bar(props: { booking: Reservation; date: string; onCancel: () => void }) {
  const b = props.booking;
  const start = wall(b.from);
  const end = wall(b.to);
  const from = start.date < props.date ? DAY_START : Math.max(DAY_START, Math.min(start.minutes, DAY_END - 30));
  const to = end.date > props.date ? DAY_END : Math.min(DAY_END, Math.max(end.minutes, from + 30));
  const left = ((from - DAY_START) / (DAY_END - DAY_START)) * 100;
  const width = Math.max(((to - from) / (DAY_END - DAY_START)) * 100, 8);
  const label = `${start.date < props.date ? '…' : start.time}–${end.date > props.date ? '…' : end.time}`;
  return (
    <li class="week-bar-line">
      <span class="week-bar-track" aria-hidden="true">
        <span class="week-bar" style={{ left: `${Math.min(left, 92)}%`, width: `${width}%` }} />
      </span>
      <span class="week-bar-text">
        <strong>{label}</strong> · {formatCount(b.quantity)} unit{b.quantity === 1 ? '' : 's'}
        {b.fulfilled > 0 && ` (${formatCount(b.fulfilled)} picked up)`}
        {b.person && ` · ${b.person.name}`}
        {b.note && ` · ${b.note}`}
      </span>
      <button type="button" class="link-button" onClick={props.onCancel}>
        Cancel<span class="visually-hidden"> the booking {label}</span>
      </button>
    </li>
  );
}

function BookForm(props: { groupId: string; week: string; onDone: () => void }) {
  const today = todayInSchool();
  const [date, setDate] = useState(props.week < today ? today : props.week);
  const [start, setStart] = useState('08:30');
  const [end, setEnd] = useState('10:00');
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const [person, setPerson] = useState<Pickable | null>(null);
  const form = useSubmit(async () => {
    await createReservation({
      groupId: props.groupId,
      quantity: Number(quantity),
      from: `${date}T${start}`,
      to: `${date}T${end}`,
      note: note.trim() || null,
      personId: person?.id ?? null,
    });
    announce('Booked.');
    setNote('');
    props.onDone();
  });
  return (
    <form class="panel bookings-form" aria-labelledby="book-title" onSubmit={form.submit} onInput={form.reset}>
      <h2 id="book-title">Book units</h2>
      <div class="bookings-form-fields">
        <TextField
          label="Booking date"
          type="date"
          required
          value={date}
          min={today}
          onInput={(e) => setDate(e.currentTarget.value)}
          error={form.error('from')}
        />
        <TextField label="From" type="time" required value={start} onInput={(e) => setStart(e.currentTarget.value)} />
        <TextField
          label="Until"
          type="time"
          required
          value={end}
          onInput={(e) => setEnd(e.currentTarget.value)}
          error={form.error('to')}
        />
        <TextField
          label="Units"
          type="number"
          inputMode="numeric"
          min={1}
          required
          value={quantity}
          onInput={(e) => setQuantity(e.currentTarget.value)}
          error={form.error('quantity')}
        />
        <TextField
          label="For (class, lesson)"
          value={note}
          maxLength={500}
          onInput={(e) => setNote(e.currentTarget.value)}
          error={form.error('note')}
        />
      </div>
      {can('module.people', 'person.view') && (
        <PersonPicker
          label="Picked up by (optional)"
          hint="Issuing to this person fulfils the booking"
          value={person}
          error={form.error('personId')}
          onChange={setPerson}
        />
      )}
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        Book
      </button>
    </form>
  );
}
