/**
 * Issuing one loan from its row: a small modal form asking who takes it (found by name, e-mail or
 * external id, and chosen) and until when. Submitting it is the confirmation; Escape or Cancel changes
 * nothing. When the school's checks at the desk warn (no agreement, a balance, loans out), the
 * reasons are listed and the button becomes "Issue anyway", which sends the issue again confirmed;
 * a block is listed and cannot be confirmed. When a booking starting within 24 hours needs the unit,
 * the booking is named and "Issue anyway" sends the issue again with `override: true` (audited).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatCount, formatInstant, todayInSchool } from '../../format.js';
import { TextField } from '../../ui/field.js';
import { useSubmit } from '../../ui/form.js';
import { PersonPicker } from '../../ui/people.js';
import type { Pickable } from '../../ui/search-picker.js';
import { useIssueLoan } from '../../ui/use-issue-loan.js';
import { addDays, type Loan } from '../../api/loans.js';

export function IssueDialog(props: { loan: Loan; onDone: (loan: Loan | null) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [holder, setHolder] = useState<Pickable | null>(null);
  const [dueDate, setDueDate] = useState(addDays(todayInSchool(), 14));
  const [noHolder, setNoHolder] = useState<string | undefined>(undefined);
  /** What the checks at the desk and the bookings said of this holder, and what issuing again sends. */
  const issuing = useIssueLoan();
  const { checks, hold } = issuing;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const form = useSubmit(async () => {
    if (!holder) {
      setNoHolder('Find the person who takes the loan, then choose them');
      throw new Error('Choose who takes the loan');
    }
    // A refusal the desk may answer is shown below; the button then says "Issue anyway".
    const outcome = await issuing.issue({ number: props.loan.number, holderId: holder.id, dueDate: dueDate || null });
    if (outcome.kind === 'issued') props.onDone(outcome.loan);
  });
  const changeHolder = (v: Pickable | null) => (setHolder(v), setNoHolder(undefined), issuing.reset());

  return (
    <dialog
      ref={dialog}
      class="issue-dialog"
      aria-labelledby="issue-title"
      onClose={() => props.onDone(null)}
      onCancel={() => props.onDone(null)}
    >
      <form onSubmit={form.submit} noValidate>
        <h2 id="issue-title">
          Issue loaner {props.loan.number} ({props.loan.serial})
        </h2>
        <PersonPicker
          label="Find the holder"
          hint="A name, e-mail or external id"
          value={holder}
          error={noHolder ?? form.error('holderId')}
          onChange={changeHolder}
        />
        <TextField
          label="Due date"
          type="date"
          value={dueDate}
          min={todayInSchool()}
          hint="Leave empty for no due date"
          error={form.error('dueDate')}
          onInput={(e: Event) => setDueDate((e.currentTarget as HTMLInputElement).value)}
        />
        {form.problem && !noHolder && (
          <p class="notice notice-error" role="alert">
            {form.problem}
          </p>
        )}
        {checks && (
          <div class={checks.kind === 'blocked' ? 'notice notice-error' : 'notice notice-warning'} role="alert">
            <p>
              {checks.kind === 'blocked'
                ? "The school's checks do not allow this loan:"
                : 'Before issuing, the school asks you to check:'}
            </p>
            <ul class="checkout-reasons">
              {checks.reasons.map((r) => (
                <li key={r.rule}>
                  {r.message}
                  {r.mode === 'block' ? ' (blocks the loan)' : ''}
                </li>
              ))}
            </ul>
          </div>
        )}
        {hold && (
          <p class="notice notice-warning" role="alert">
            A booking from {formatInstant(hold.from)} needs this unit ({formatCount(hold.units)} still to pick up), and
            no other unit of the group is free for it. Issue anyway only if the booking can do without it.
          </p>
        )}
        <div class="dialog-buttons">
          <button type="button" onClick={() => props.onDone(null)}>
            Cancel
          </button>
          <button type="submit" class="primary" disabled={form.busy || issuing.blocked}>
            {checks?.kind === 'confirm' || hold ? 'Issue anyway' : 'Issue'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
