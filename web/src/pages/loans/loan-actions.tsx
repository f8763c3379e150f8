/**
 * The moves a loaner's status allows, for those who may make them: issue (the issue dialog), return,
 * withdraw and restore (each confirmed). One set of buttons and one confirmation for every page that
 * offers them: a row of Loans and a loan's own page.
 */
import { messageOf } from '../../api/client.js';
import { restoreLoan, returnLoan, withdrawLoan, type Loan } from '../../api/loans.js';
import { can } from '../../state/session.js';
import { confirm } from '../../ui/confirm.js';
import { announce } from '../../ui/notices.js';

export type LoanMove = 'return' | 'withdraw' | 'restore';

/**
 * Asks, then makes the move and says how it went (a refusal in words). Resolves true when it was
 * made; the caller reloads whatever shows the loan either way.
 */
export async function moveLoan(loan: Loan, verb: LoanMove): Promise<boolean> {
  const words = {
    return: {
      title: `Return loaner ${loan.number}?`,
      message: `${loan.serial} comes back from ${loan.holder?.name ?? 'its holder'} and is available again.`,
      label: 'Return',
      done: `Loaner ${loan.number} returned`,
    },
    withdraw: {
      title: `Withdraw loaner ${loan.number}?`,
      message: `${loan.serial} becomes unavailable (lost, in repair) until it is restored.`,
      label: 'Withdraw',
      done: `Loaner ${loan.number} withdrawn`,
    },
    restore: {
      title: `Restore loaner ${loan.number}?`,
      message: `${loan.serial} becomes available to issue again.`,
      label: 'Restore',
      done: `Loaner ${loan.number} restored`,
    },
  }[verb];
  if (
    !(await confirm({
      title: words.title,
      message: words.message,
      confirmLabel: words.label,
      danger: verb === 'withdraw',
    }))
  ) {
    return false;
  }
  try {
    const { number } = loan;
    await {
      return: () => returnLoan({ number }),
      withdraw: () => withdrawLoan(number),
      restore: () => restoreLoan(number),
    }[verb]();
    announce(words.done);
    return true;
  } catch (e) {
    announce(readable(loan, e), 'error');
    return false;
  }
}

/** A refusal in words: a conflict says the loan was out of date, and that what shows it is reloaded. */
function readable(loan: Loan, e: unknown): string {
  const text = messageOf(e);
  if ((e as { status?: number }).status === 409) {
    return `Loaner ${loan.number} could not be changed: ${text}. Someone else may have changed it; it is shown again as it is now.`;
  }
  return text;
}

export function LoanActions(props: { loan: Loan; onIssue: () => void; onMove: (loan: Loan, verb: LoanMove) => void }) {
  const { loan, onIssue, onMove } = props;
  const label = (verb: string) => `${verb} loaner ${loan.number}`;
  return (
    <div class="row-actions">
      {loan.status === 'AVAILABLE' && can('loan.issue') && (
        <>
          <button type="button" aria-label={label('Issue')} onClick={onIssue}>
            Issue
          </button>
          <button type="button" aria-label={label('Withdraw')} onClick={() => onMove(loan, 'withdraw')}>
            Withdraw
          </button>
        </>
      )}
      {loan.status === 'ISSUED' && can('loan.return') && (
        <button type="button" aria-label={label('Return')} onClick={() => onMove(loan, 'return')}>
          Return
        </button>
      )}
      {loan.status === 'UNAVAILABLE' && can('loan.issue') && (
        <button type="button" aria-label={label('Restore')} onClick={() => onMove(loan, 'restore')}>
          Restore
        </button>
      )}
    </div>
  );
}
