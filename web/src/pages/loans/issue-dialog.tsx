/**
 * Issuing one loan from its row: a small modal form asking who takes it (found by name, e-mail or
 * external id, and chosen) and until when. Submitting it is the confirmation; Escape or Cancel changes
 * nothing. When the school's checks at the desk warn (no agreement, a balance, loans out), the
 * reasons are listed and the button becomes "Issue anyway", which sends the issue again confirmed;
 * a block is listed and cannot be confirmed.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { todayInSchool } from '../../format.js';
import { TextField } from '../../ui/field.js';
import { useSubmit } from '../../ui/form.js';
import { PersonPicker } from '../../ui/people.js';
import type { Pickable } from '../../ui/search-picker.js';
import { addDays, checkoutRefusal, issueLoan, type CheckoutReason, type Loan } from '../../api/loans.js';

export function IssueDialog(props: { loan: Loan; onDone: (loan: Loan | null) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [holder, setHolder] = useState<Pickable | null>(null);
  const [dueDate, setDueDate] = useState(addDays(todayInSchool(), 14));
  const [noHolder, setNoHolder] = useState<string | undefined>(undefined);
  /** What the checks at the desk said of this holder: to confirm, or blocked. */
  const [checks, setChecks] = useState<{ kind: 'confirm' | 'blocked'; reasons: CheckoutReason[] } | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const form = useSubmit(async () => {
    if (!holder) {
      setNoHolder('Find the person who takes the loan, then choose them');
      throw new Error('Choose who takes the loan');
    }
    try {
      const { loan } = await issueLoan(props.loan.number, holder.id, dueDate || null, checks?.kind === 'confirm');
      props.onDone(loan);
    } catch (e) {
      const refusal = checkoutRefusal(e);
      if (!refusal) throw e;
      setChecks(refusal);
    }
  });
  const changeHolder = (v: Pickable | null) => (setHolder(v), setNoHolder(undefined), setChecks(null));

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
          Issue loan {props.loan.number} ({props.loan.serial})
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
        <div class="dialog-buttons">
          <button type="button" onClick={() => props.onDone(null)}>
            Cancel
          </button>
          <button type="submit" class="primary" disabled={form.busy || checks?.kind === 'blocked'}>
            {checks?.kind === 'confirm' ? 'Issue anyway' : 'Issue'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
