/**
 * The scan desk (/loans/scan): a barcode scanner and nothing else. One input keeps the focus; each
 * scan (or typed text and Enter) is one request and shows its result at the top of the "Scans" list,
 * is read out (a live region) and sounds (one tone for done, another for refused):
 * - a person (their Desk id, or a name, e-mail or external id: several matches give a short list to
 *   pick from with the arrow keys) becomes the holder; every serial scanned after issues that loan to
 *   them with the due date shown;
 * - with no holder, a serial returns that loan;
 * - Escape forgets the holder (back to returning); Alt+U undoes the last move through the real API
 *   (an issue is returned, a return re-issued to the same holder with the same due date);
 * - when the school's checks at the desk warn about the holder (no agreement, a balance, loans out),
 *   the reasons show beside the scanned serial and Enter (on the empty input: a scanner always sends
 *   text first) issues it anyway; Escape lets it go. A block is shown and cannot be confirmed. A unit
 *   a booking needs within a day is said the same way, and Enter overrides the booking.
 * Nothing here submits a form or leaves the page.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../../api/client.js';
import { canSeePeople, getPerson, searchPeople, type Person } from '../../../api/people.js';
import { formatDate, formatInstant, todayInSchool } from '../../../format.js';
import { pageShortcuts } from '../../../state/page-shortcuts.js';
import { PageHeader } from '../../../ui/page.js';
import { useIssueLoan } from '../../../ui/use-issue-loan.js';
import { addDays, issueLoan, returnLoan, type CheckoutReason, type Loan } from '../../../api/loans.js';
import { beep } from './sound.js';
import './scan.css';

/** Who had a returned loan, to give it back to them on undo. */
type Holder = Pick<Person, 'id' | 'name' | 'userGroup'>;

/** One line of the running list, newest first. */
interface Entry {
  readonly id: number;
  readonly ok: boolean;
  /** A question for the desk (a warning, a booking's hold), not a refusal: shown and heard as one. */
  readonly warning?: boolean;
  readonly text: string;
  readonly undone?: boolean;
  /** What the checks at the desk said, beside the serial. */
  readonly reasons?: readonly CheckoutReason[];
}

/**
 * A scanned loan waiting for the desk's one key (Enter) to issue it anyway; what that try agrees to
 * (the checks' warnings, a booking's hold) is the issue flow's (useIssueLoan).
 */
interface Pending {
  readonly serial: string;
  readonly holder: Holder;
  readonly dueDate: string;
}

/** The last move, and what undoing it takes. */
type Move =
  | { readonly entry: number; readonly kind: 'issued'; readonly loan: Loan }
  | {
      readonly entry: number;
      readonly kind: 'returned';
      readonly loan: Loan;
      readonly holder: Holder;
      readonly dueDate: string | null;
    };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOAN_DAYS = 14;
/**
 * How soon a second scan of a unit, for the move it was just scanned for, counts as the scanner
 * reading it twice rather than the desk meaning it: long enough for a double read or a second press
 * of the trigger, short enough that the next pupil's turn with the same loaner is never refused.
 */
const DOUBLE_SCAN_MS = 3_000;
/** Milliseconds on the page's monotonic clock, which a change of the computer's time cannot move. */
const sinceLoad = (): number => performance.now();

/** A unit's latest move at this desk: what it was, when it was scanned, and how to say it. */
interface RecentMove {
  readonly move: 'issue' | 'return';
  readonly at: number;
  readonly words: string;
}

export default function ScanDesk() {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [holder, setHolder] = useState<Holder | null>(null);
  const [dueDate, setDueDate] = useState(() => addDays(todayInSchool(), LOAN_DAYS));
  const [entries, setEntries] = useState<readonly Entry[]>([]);
  const [spoken, setSpoken] = useState('');
  const [choices, setChoices] = useState<readonly Person[] | null>(null);
  const [active, setActive] = useState(0);
  const [last, setLast] = useState<Move | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const issuing = useIssueLoan();
  /**
   * Each unit's latest move here, by serial in lower case, recorded when it is scanned (before the
   * answer, so a double read while the first is on its way is caught too). Only the same move again
   * within DOUBLE_SCAN_MS is refused: issue, return and issue again is a loaner's ordinary day.
   */
  const recent = useRef(new Map<string, RecentMove>());
  const nextIdRef = useRef(1);

  const focus = () => queueMicrotask(() => input.current?.focus());

  // Focused in the commit that shows it: a scanner's first keys, sent the moment the page appears,
  // land in the input (a plain effect would wait a frame and lose them).
  useLayoutEffect(() => input.current?.focus(), []);

  // The input keeps the focus: back to it when the window comes back, and whenever nothing else
  // (the due date, a button) is being used.
  useEffect(() => {
    const onWindowFocus = () => focus();
    window.addEventListener('focus', onWindowFocus);
    pageShortcuts.value = [
      { keys: 'Escape', does: 'Scan desk: forget the holder (scans return loans again)' },
      { keys: 'Alt+U', does: 'Scan desk: undo the last issue or return' },
      { keys: '↑ ↓ Enter', does: 'Scan desk: pick a person from the list' },
      { keys: 'Enter', does: 'Scan desk: issue anyway when the checks at the desk warned (empty input)' },
    ];
    return () => {
      window.removeEventListener('focus', onWindowFocus);
      pageShortcuts.value = [];
    };
  }, []);

  const report = (
    ok: boolean,
    words: string,
    reasons?: readonly CheckoutReason[],
    o: { warning?: boolean } = {},
  ): number => {
    const id = nextIdRef.current++;
    setEntries((list) =>
      [
        { id, ok, text: words, ...(reasons ? { reasons } : {}), ...(o.warning ? { warning: true } : {}) },
        ...list,
      ].slice(0, 200),
    );
    // Clear, then say: the same words twice are heard twice.
    setSpoken('');
    queueMicrotask(() => setSpoken(words));
    beep(ok);
    return id;
  };

  const choose = (person: Holder) => {
    setHolder(person);
    setChoices(null);
    report(true, `Issuing to ${person.name}${person.userGroup ? ` (${person.userGroup})` : ''}: scan their loans`);
  };

  /** A scan that is not a loan: the person it names, or a short list to pick from. */
  const person = async (scanned: string) => {
    if (!canSeePeople()) {
      report(false, `No loaner has the serial ${scanned}`);
      return;
    }
    const found = await searchPeople(scanned);
    const exact = found.people.filter(
      (p) => p.externalId?.toLowerCase() === scanned.toLowerCase() || p.email?.toLowerCase() === scanned.toLowerCase(),
    );
    const people = exact.length === 1 ? exact : found.people;
    if (people.length === 0)
      report(false, `Not found: no loaner has the serial “${scanned}”, and nobody is called that`);
    else if (people.length === 1) choose(people[0]!);
    else {
      setChoices(people);
      setActive(0);
      report(false, `${found.total} people match “${scanned}”: pick one with the arrow keys and Enter`);
    }
  };

  const scan = async (raw: string) => {
    const scanned = raw.trim();
    if (!scanned) return;
    const key = scanned.toLowerCase();
    const move = UUID.test(scanned) ? null : holder ? 'issue' : 'return';
    const before = recent.current.get(key);
    const now = sinceLoad();
    if (move && before?.move === move && now - before.at < DOUBLE_SCAN_MS) {
      report(false, `Scanned twice: ${scanned} was just ${before.words}. Nothing more was done`);
      return;
    }
    const scannedFor: RecentMove | null = move
      ? { move, at: now, words: holder ? `issued to ${holder.name}` : 'returned' }
      : null;
    if (scannedFor) recent.current.set(key, scannedFor);
    /** The move did not happen: a scan of the unit is a new try, at once. */
    const forget = () => {
      if (scannedFor && recent.current.get(key) === scannedFor) recent.current.delete(key);
    };
    setChoices(null);
    setBusy(true);
    try {
      if (UUID.test(scanned)) {
        choose(await getPerson(scanned));
      } else if (holder) {
        // A new scan is a new issue: nothing the desk agreed to for the last one carries over.
        setPending(null);
        issuing.reset();
        if (!(await issue({ serial: scanned, holder, dueDate }))) forget();
      } else {
        const { loan, returnedFrom, keptForRepair } = await returnLoan({ serial: scanned });
        recent.current.set(key, { move: 'return', at: now, words: `returned from ${returnedFrom.holder.name}` });
        const late = returnedFrom.dueDate && returnedFrom.dueDate < todayInSchool() ? ' (it was overdue)' : '';
        const entry = report(
          true,
          `Returned loaner ${loan.number} (${loan.serial}) from ${returnedFrom.holder.name}${late}` +
            (keptForRepair === null ? '' : `; it stays out of the pool until repair ${keptForRepair} ends`),
        );
        setLast({
          entry,
          kind: 'returned',
          loan,
          holder: { ...returnedFrom.holder, userGroup: null },
          dueDate: returnedFrom.dueDate,
        });
      }
    } catch (e) {
      forget();
      if (e instanceof ApiError && e.status === 404 && !UUID.test(scanned)) await person(scanned).catch(fail);
      else fail(e);
    } finally {
      setBusy(false);
      focus();
    }
  };

  /**
   * Issues the scanned serial to the holder, with what the desk agreed to so far, and says how it
   * went: issued; or refused in a way the desk may answer, the school's checks (a warning waits for
   * Enter, a block is only shown) or a booking that needs the unit soon (waits for Enter, which
   * overrides it). Any other error is thrown. True when the loan was issued.
   */
  const issue = async (attempt: Pending): Promise<boolean> => {
    const { serial, holder: to, dueDate: due } = attempt;
    const outcome = await issuing.issue({ serial, holderId: to.id, dueDate: due || null });
    const ask = `Enter: issue anyway; Escape: do not issue`;
    if (outcome.kind === 'issued') {
      const { loan } = outcome;
      const entry = report(
        true,
        `Issued loaner ${loan.number} (${loan.serial}) to ${to.name}${loan.dueDate ? `, due ${formatDate(loan.dueDate)}` : ''}${
          outcome.agreed ? ' (confirmed)' : ''
        }`,
      );
      setLast({ entry, kind: 'issued', loan });
      recent.current.set(serial.toLowerCase(), { move: 'issue', at: sinceLoad(), words: `issued to ${to.name}` });
      return true;
    } else if (outcome.kind === 'hold') {
      setPending(attempt);
      report(
        false,
        `Booked: ${serial} is needed for a booking from ${formatInstant(outcome.hold.from)}. ${ask}`,
        undefined,
        {
          warning: true,
        },
      );
    } else if (outcome.checks.kind === 'blocked') {
      report(false, `Not issued: ${serial} to ${to.name}: the school's checks do not allow it`, outcome.checks.reasons);
    } else {
      setPending(attempt);
      report(false, `Check before issuing ${serial} to ${to.name}. ${ask}`, outcome.checks.reasons, { warning: true });
    }
    return false;
  };

  /** The desk's one key after a warning or a booking's hold: issue the waiting serial anyway. */
  const confirmPending = async () => {
    const waiting = pending;
    if (!waiting || busy) return;
    setPending(null);
    setBusy(true);
    try {
      // Confirmed the checks, then found a booking (or the other way round): `issue` asks again.
      await issue(waiting);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      focus();
    }
  };

  const fail = (e: unknown) => {
    const status = e instanceof ApiError ? e.status : 0;
    const text = messageOf(e);
    if (status === 409 && !holder) report(false, `Not returned: ${text}. To issue it, scan the person first`);
    else if (status === 409) report(false, `Not issued: ${text}`);
    else if (e instanceof ApiError && e.field('dueDate')) report(false, `Due date: ${e.field('dueDate')}`);
    else report(false, text);
  };

  const undo = async () => {
    const move = last;
    if (!move || busy) return;
    setBusy(true);
    try {
      if (move.kind === 'issued') {
        await returnLoan({ number: move.loan.number });
        report(true, `Undone: loaner ${move.loan.number} (${move.loan.serial}) is back, not issued`);
      } else {
        // The same holder and due date; a due date already past cannot be given again (the server
        // refuses dates in the past), so it is re-issued without one, and said so.
        const past = move.dueDate !== null && move.dueDate < todayInSchool();
        await issueLoan({ number: move.loan.number, holderId: move.holder.id, dueDate: past ? null : move.dueDate });
        report(
          true,
          `Undone: loaner ${move.loan.number} (${move.loan.serial}) is issued to ${move.holder.name} again${
            past ? ' (its due date had passed: now without one)' : ''
          }`,
        );
      }
      recent.current.delete(move.loan.serial.toLowerCase());
      setEntries((list) => list.map((e) => (e.id === move.entry ? { ...e, undone: true } : e)));
      setLast(null);
    } catch (e) {
      report(false, `Could not undo: ${messageOf(e)}`);
    } finally {
      setBusy(false);
      focus();
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey && (e.key === 'u' || e.key === 'U')) {
      e.preventDefault();
      void undo();
      return;
    }
    if (choices) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : choices.length - 1)) % choices.length);
        return;
      }
      if (e.key === 'Enter' && text.trim() === '') {
        e.preventDefault();
        choose(choices[active]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setChoices(null);
        return;
      }
    }
    if (pending && e.key === 'Enter' && text.trim() === '') {
      e.preventDefault();
      void confirmPending();
      return;
    }
    if (pending && e.key === 'Escape') {
      e.preventDefault();
      setPending(null);
      issuing.reset();
      report(true, `Not issued: ${pending.serial}`);
      return;
    }
    if (e.key === 'Escape' && holder) {
      e.preventDefault();
      setHolder(null);
      report(true, 'No holder: scans return loans');
      return;
    }
    if (e.key === 'Enter') {
      // A scanner types the code and presses Enter; nothing here is a form that could be sent.
      e.preventDefault();
      const value = e.currentTarget instanceof HTMLInputElement ? e.currentTarget.value : text;
      setText('');
      void scan(value);
    }
  };

  const listId = 'scan-choices';
  return (
    <section class="scan-desk">
      <PageHeader title="Scan desk" />
      <p class="scan-mode" aria-live="off">
        {holder ? (
          <>
            Issuing to <strong>{holder.name}</strong>
            {holder.userGroup && ` (${holder.userGroup})`}.{' '}
            <button type="button" class="link-button" onClick={() => (setHolder(null), focus())}>
              Done with {holder.name} (Escape)
            </button>
          </>
        ) : (
          'Returning: scan a loaner to take it back, or scan a person to issue to them.'
        )}
      </p>
      <div class="scan-controls">
        <div class="field scan-field">
          <label for="scan-input">Scan a person or a loan</label>
          <input
            id="scan-input"
            ref={input}
            class="scan-input"
            type="text"
            value={text}
            autocomplete="off"
            autocapitalize="off"
            spellcheck={false}
            enterKeyHint="go"
            role="combobox"
            aria-expanded={choices ? 'true' : 'false'}
            aria-controls={listId}
            aria-autocomplete="none"
            aria-activedescendant={choices ? `${listId}-${active}` : undefined}
            aria-describedby="scan-help"
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <p class="field-hint" id="scan-help">
            A serial returns or issues that loan; a person's name, e-mail, external id or Desk id chooses who takes the
            next loans. Escape: no holder. Alt+U: undo.
          </p>
        </div>
        <div class="field">
          <label for="scan-due">Due date</label>
          <input
            id="scan-due"
            type="date"
            value={dueDate}
            min={todayInSchool()}
            onInput={(e) => setDueDate(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), focus())}
            aria-describedby="scan-due-hint"
          />
          <p class="field-hint" id="scan-due-hint">
            For the loans issued from now on; empty: no due date.
          </p>
        </div>
        <button type="button" onClick={() => void undo()} disabled={!last || busy} aria-keyshortcuts="Alt+U">
          Undo last
        </button>
        {pending && (
          <button type="button" class="primary" onClick={() => void confirmPending()} disabled={busy}>
            Issue {pending.serial} anyway (Enter)
          </button>
        )}
      </div>
      <ul id={listId} role="listbox" aria-label="People matching the scan" class="scan-choices" hidden={!choices}>
        {(choices ?? []).map((p, i) => (
          <li
            key={p.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            class={i === active ? 'scan-choice active' : 'scan-choice'}
            onClick={() => (choose(p), focus())}
          >
            <span class="scan-choice-name">{p.name}</span>
            <span class="visually-hidden">, </span>
            <span class="scan-choice-detail">
              {[p.kind === 'PUPIL' ? 'pupil' : 'staff', p.userGroup, p.externalId].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      <p class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
      <h2 id="scans-title">Scans</h2>
      {entries.length === 0 ? (
        <p class="empty">Nothing scanned yet in this session.</p>
      ) : (
        <ol class="scan-list" aria-label="Scans">
          {entries.map((e) => (
            <li
              key={e.id}
              class={`scan-entry ${e.ok ? 'scan-ok' : e.warning ? 'scan-warning' : 'scan-error'}${e.undone ? ' scan-undone' : ''}`}
            >
              <span class="scan-mark" aria-hidden="true">
                {e.ok ? '✓' : e.warning ? '!' : '✕'}
              </span>
              <span class="visually-hidden">{e.ok ? 'Done: ' : e.warning ? 'Question: ' : 'Refused: '}</span>
              {e.text}
              {e.undone && <span class="badge"> undone</span>}
              {e.reasons && (
                <ul class="checkout-reasons">
                  {e.reasons.map((r) => (
                    <li key={r.rule}>
                      {r.message}
                      {r.mode === 'block' ? ' (blocks the loan)' : ' (warning)'}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
