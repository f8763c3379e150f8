/**
 * The help desk page's service targets: the desk's hours (a row per weekday), how long a ticket of
 * each priority may wait for its first answer and its resolution (counted in those hours only), and
 * the closure days they do not count, added by hand or imported from the school's calendar file.
 * Each setting is saved whole and the server's message for a field is shown beside it; the server
 * moves the due times of the tickets still running after each change.
 */
import { useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../../api/client.js';
import {
  addClosureDay,
  businessHours,
  importClosureDays,
  listClosureDays,
  removeClosureDay,
  saveBusinessHours,
  saveServiceTargets,
  serviceTargets,
  type BusinessHoursSettings,
  type ClosureDay,
  type ClosureImport,
  type ServiceTargetsSettings,
} from '../../../api/service-targets.js';
import { formatDate } from '../../../format.js';
import { confirm } from '../../../ui/confirm.js';
import { CheckboxField, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, Loading } from '../../../ui/page.js';
import { DataTable } from '../../../ui/table.js';
import { useResource } from '../../../ui/use-resource.js';
import { PRIORITY_LABEL, TICKET_PRIORITIES } from '../../tickets/ticket.js';

/** The most pressing first, as the desk reads its targets. */
const PRIORITIES = [...TICKET_PRIORITIES].reverse();

const WEEKDAYS = [
  ['monday', 'Monday'],
  ['tuesday', 'Tuesday'],
  ['wednesday', 'Wednesday'],
  ['thursday', 'Thursday'],
  ['friday', 'Friday'],
  ['saturday', 'Saturday'],
  ['sunday', 'Sunday'],
] as const satisfies readonly (readonly [keyof BusinessHoursSettings, string])[];

// A time field holds 00:00 to 23:59: a desk that closes at midnight (the server's 24:00) closes at 00:00.
const closesInField = (closes: string) => (closes === '24:00' ? '00:00' : closes);
const closesToSave = (field: string) => (field === '00:00' ? '24:00' : field);

const valueOf = (e: Event) => (e.currentTarget as HTMLInputElement).value;
const checkedOf = (e: Event) => (e.currentTarget as HTMLInputElement).checked;

/** The desk's hours, Monday first: open or closed each day, and from when to when. */
export function DeskHours() {
  const hours = useResource(businessHours, []);
  return (
    <section class="helpdesk-section" aria-labelledby="desk-hours-title">
      <h2 id="desk-hours-title">Desk hours</h2>
      <p>
        When the IT team works tickets, in the school's time zone. Service targets count these hours only. A desk open
        until midnight closes at 00:00.
      </p>
      {hours.error !== undefined && !hours.data ? (
        <ErrorNotice error={hours.error} onRetry={hours.reload} />
      ) : !hours.data ? (
        <Loading />
      ) : (
        <DeskHoursForm key={JSON.stringify(hours.data)} current={hours.data} onSaved={hours.reload} />
      )}
    </section>
  );
}

function DeskHoursForm(props: { current: BusinessHoursSettings; onSaved: () => void }) {
  const [days, setDays] = useState(() =>
    WEEKDAYS.map(([day]) => {
      const hours = props.current[day];
      return {
        open: hours !== null,
        opens: hours?.opens ?? '08:00',
        closes: closesInField(hours?.closes ?? '16:30'),
      };
    }),
  );
  const form = useSubmit(async () => {
    const body = Object.fromEntries(
      WEEKDAYS.map(([day], i) => {
        const d = days[i]!;
        return [day, d.open ? { opens: d.opens, closes: closesToSave(d.closes) } : null];
      }),
    ) as BusinessHoursSettings;
    await saveBusinessHours(body);
    announce('Desk hours saved');
    props.onSaved();
  });
  const change = (i: number, to: Partial<(typeof days)[number]>) => {
    setDays((all) => all.map((d, j) => (j === i ? { ...d, ...to } : d)));
    form.reset();
  };
  return (
    <form onSubmit={form.submit} noValidate aria-label="Desk hours">
      {WEEKDAYS.map(([day, name], i) => {
        const d = days[i]!;
        const whole = form.error(day);
        return (
          <fieldset key={day} class="hours-day">
            <legend>{name}</legend>
            <CheckboxField
              label="Open"
              checked={d.open}
              aria-invalid={whole ? true : undefined}
              aria-describedby={whole ? `hours-${day}-error` : undefined}
              onChange={(e: Event) => change(i, { open: checkedOf(e) })}
            />
            <TextField
              label="Opens"
              type="time"
              value={d.opens}
              disabled={!d.open}
              error={form.error(`${day}/opens`)}
              onInput={(e: Event) => change(i, { opens: valueOf(e) })}
            />
            <TextField
              label="Closes"
              type="time"
              value={d.closes}
              disabled={!d.open}
              error={form.error(`${day}/closes`)}
              onInput={(e: Event) => change(i, { closes: valueOf(e) })}
            />
            {whole && (
              <p class="field-error hours-day-error" id={`hours-${day}-error`}>
                {whole}
              </p>
            )}
          </fieldset>
        );
      })}
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save desk hours'}
      </button>
    </form>
  );
}

/** Minutes as the field shows them: whole tenths of an hour as decimals (1.5), the rest as 1:25. */
const hoursInField = (minutes: number | null): string => {
  if (minutes === null) return '';
  if (minutes % 6 === 0) return String(minutes / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
};

/** What was typed as minutes: hours with decimals (1.5, 1,5) or hours and minutes (1:30); '' is none. */
const minutesTyped = (text: string): number | null | undefined => {
  const t = text.trim();
  if (t === '') return null;
  if (/^\d+(?:[.,]\d+)?$/.test(t)) return Math.round(Number(t.replace(',', '.')) * 60);
  const hm = /^(\d+):([0-5]\d)$/.exec(t);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2]);
  return undefined;
};

const TARGETS = [
  ['firstResponseMinutes', 'First answer within (hours)'],
  ['resolutionMinutes', 'Resolved within (hours)'],
] as const;

/** How long a ticket of each priority may wait, in school hours; whether targets are kept at all. */
export function ServiceTargets() {
  const targets = useResource(serviceTargets, []);
  return (
    <section class="helpdesk-section" aria-labelledby="service-targets-title">
      <h2 id="service-targets-title">Service targets</h2>
      <p>
        How long a ticket may wait for the desk's first answer, and to be resolved, by its priority. They count school
        hours only: the desk hours above, without closure days. Enter hours, such as 4, 0.5 (half an hour) or 1:45;
        leave a field empty for no target. The clock to resolution stops while a ticket waits on the requester.
      </p>
      {targets.error !== undefined && !targets.data ? (
        <ErrorNotice error={targets.error} onRetry={targets.reload} />
      ) : !targets.data ? (
        <Loading />
      ) : (
        <ServiceTargetsForm key={JSON.stringify(targets.data)} current={targets.data} onSaved={targets.reload} />
      )}
    </section>
  );
}

function ServiceTargetsForm(props: { current: ServiceTargetsSettings; onSaved: () => void }) {
  const { current } = props;
  const [enabled, setEnabled] = useState(current.enabled);
  const [typed, setTyped] = useState(() =>
    PRIORITIES.map((p) => TARGETS.map(([target]) => hoursInField(current[p][target]))),
  );
  const form = useSubmit(async () => {
    const wrong = new Map<string, string>();
    const minutes = PRIORITIES.map((p, i) =>
      TARGETS.map(([target], j) => {
        const m = minutesTyped(typed[i]![j]!);
        if (m === undefined) wrong.set(`${p}/${target}`, 'Enter hours, such as 1.5 or 1:30, or leave it empty');
        return m ?? null;
      }),
    );
    if (wrong.size > 0) throw new ApiError(400, 'invalid-input', '', '', wrong);
    const body = {
      enabled,
      ...Object.fromEntries(
        PRIORITIES.map((p, i) => [p, { firstResponseMinutes: minutes[i]![0]!, resolutionMinutes: minutes[i]![1]! }]),
      ),
    } as ServiceTargetsSettings;
    await saveServiceTargets(body);
    announce('Service targets saved');
    props.onSaved();
  });
  const change = (i: number, j: number, value: string) => {
    setTyped((all) => all.map((row, k) => (k === i ? row.map((v, l) => (l === j ? value : v)) : row)));
    form.reset();
  };
  return (
    <form onSubmit={form.submit} noValidate aria-label="Service targets">
      <CheckboxField
        label="Keep service targets: give tickets due times, and warn the desk before they pass"
        checked={enabled}
        onChange={(e: Event) => (setEnabled(checkedOf(e)), form.reset())}
      />
      {PRIORITIES.map((p, i) => (
        <fieldset key={p} class="target-priority" disabled={!enabled}>
          <legend>{PRIORITY_LABEL[p]}</legend>
          {TARGETS.map(([target, label], j) => (
            <TextField
              key={target}
              label={label}
              inputMode="decimal"
              autocomplete="off"
              value={typed[i]![j]}
              error={form.error(`${p}/${target}`)}
              onInput={(e: Event) => change(i, j, valueOf(e))}
            />
          ))}
        </fieldset>
      ))}
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save service targets'}
      </button>
    </form>
  );
}

/** `21 Dec 2026 – 3 Jan 2027`, or the one day. */
const daysInWords = (d: Pick<ClosureDay, 'startsOn' | 'endsOn'>) =>
  d.startsOn === d.endsOn ? formatDate(d.startsOn) : `${formatDate(d.startsOn)} – ${formatDate(d.endsOn)}`;

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

const importedInWords = (r: ClosureImport) =>
  `Imported ${plural(r.imported, 'closure day', 'closure days')} from ${formatDate(r.from)} to ${formatDate(r.until)}; ` +
  (r.movedTickets === 0 ? 'no due times moved' : `${plural(r.movedTickets, "ticket's", "tickets'")} due times moved`);

/** The days the desk is closed (holidays, training days): service targets do not count them. */
export function ClosureDays() {
  const list = useResource(() => listClosureDays(), []);
  const remove = async (d: ClosureDay) => {
    if (
      !(await confirm({
        title: `Remove the closure day ${d.name}?`,
        message: `${daysInWords(d)} count as school days again: the due times of open tickets move.`,
        confirmLabel: 'Remove closure day',
        danger: true,
      }))
    )
      return;
    try {
      await removeClosureDay(d.id);
      announce(`Closure day ${d.name} removed`);
      list.reload();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
  };
  return (
    <section class="helpdesk-section" aria-labelledby="closure-days-title">
      <h2 id="closure-days-title">Closure days</h2>
      <p>Holidays, training days, snow days: service targets do not count them, whatever the desk hours say.</p>
      {list.error !== undefined && !list.data ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <DataTable
          caption="The school's closure days"
          rows={list.data?.closureDays}
          rowKey={(d) => d.id}
          empty="No closure days yet: add them below, or import the school's calendar file."
          columns={[
            { header: 'Name', cell: (d) => d.name },
            { header: 'Dates', cell: daysInWords },
            { header: 'From', cell: (d) => (d.uid === null ? 'Added by hand' : 'Calendar file') },
            {
              header: 'Remove',
              cell: (d) => (
                <button
                  type="button"
                  aria-label={`Remove the closure day ${d.name}, ${daysInWords(d)}`}
                  onClick={() => remove(d)}
                >
                  Remove
                </button>
              ),
            },
          ]}
        />
      )}
      <AddClosureDay onAdded={list.reload} />
      <ImportCalendar onImported={list.reload} />
    </section>
  );
}

function AddClosureDay(props: { onAdded: () => void }) {
  const [name, setName] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const form = useSubmit(async () => {
    const { closureDay } = await addClosureDay({
      name: name.trim(),
      startsOn,
      ...(endsOn ? { endsOn } : {}),
    });
    announce(`Closure day ${closureDay.name} added: ${daysInWords(closureDay)}`);
    setName('');
    setStartsOn('');
    setEndsOn('');
    props.onAdded();
  });
  const input = (set: (v: string) => void) => (e: Event) => (set(valueOf(e)), form.reset());
  return (
    <form class="closure-form" onSubmit={form.submit} noValidate aria-labelledby="add-closure-title">
      <h3 id="add-closure-title">Add a closure day</h3>
      <div class="closure-fields">
        <TextField
          label="Name"
          value={name}
          maxLength={200}
          autocomplete="off"
          error={form.error('name')}
          onInput={input(setName)}
        />
        <TextField
          label="First day"
          type="date"
          value={startsOn}
          error={form.error('startsOn')}
          onInput={input(setStartsOn)}
        />
        <TextField
          label="Last day"
          type="date"
          value={endsOn}
          hint="Empty: the first day only."
          error={form.error('endsOn')}
          onInput={input(setEndsOn)}
        />
      </div>
      <FormProblem form={form} />
      <button type="submit" disabled={form.busy}>
        Add closure day
      </button>
    </form>
  );
}

/** The school's calendar file, read by the server as soon as it is chosen. */
function ImportCalendar(props: { onImported: () => void }) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // A new input after each upload, so choosing the same file again uploads it again.
  const [inputKey, setInputKey] = useState(0);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setDone(undefined);
    setProblem(undefined);
    try {
      const words = importedInWords(await importClosureDays(file));
      setDone(words);
      announce(words);
      props.onImported();
    } catch (e) {
      setProblem(
        `${file.name} was not imported: ${e instanceof ApiError ? (e.field('calendar') ?? messageOf(e)) : messageOf(e)}`,
      );
    } finally {
      setBusy(false);
      setInputKey((k) => k + 1);
    }
  };
  return (
    <div class={`field closure-import${problem ? ' field-invalid' : ''}`}>
      <label for="closure-import-file">Import calendar file (.ics)</label>
      <input
        key={inputKey}
        id="closure-import-file"
        type="file"
        accept=".ics,text/calendar"
        disabled={busy}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'closure-import-error' : 'closure-import-hint'}
        onChange={(e) => void upload(e.currentTarget.files?.[0])}
      />
      {problem ? (
        <p class="field-error" id="closure-import-error" role="alert">
          {problem}
        </p>
      ) : (
        <p class="field-hint" id="closure-import-hint">
          The school's calendar as exported by its information system, Google Calendar or Outlook: each event from a
          year back to two years ahead becomes a closure. Importing the file again updates its events, never doubles
          them.
        </p>
      )}
      {(busy || done) && <p class="closure-import-done">{busy ? 'Importing…' : done}</p>}
    </div>
  );
}
