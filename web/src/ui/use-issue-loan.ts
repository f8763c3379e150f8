/**
 * Issuing a loan at the desk, with the school's say in it: the one confirm / override flow of the
 * Loans page's issue dialog and the scan desk. The server may refuse an issue with
 * - the checks at the desk (no agreement, a balance, loans out): a warning the desk may confirm, or
 *   a block it may not;
 * - a booking that needs the unit within a day, which the desk may override (audited).
 * The hook remembers what the desk was told about the issue at hand, and the next try sends what
 * telling it asked for: `confirm: true` after a warning, `override: true` after a booking's hold,
 * both after both (the server checks the holder before the bookings, so a confirmed warning can be
 * followed by a hold). Nothing is sent "anyway" that the desk was not first told about. Another
 * holder or another scan is another issue: `reset()`.
 *
 *   const issuing = useIssueLoan();
 *   const outcome = await issuing.issue({ serial, holderId, dueDate });   // other errors are thrown
 *   if (outcome.kind === 'issued') … else if (issuing.anyway) … (ask, then issue again)
 */
import { useRef, useState } from 'preact/hooks';
import {
  bookingHold,
  checkoutRefusal,
  issueLoan,
  type BookingHold,
  type CheckoutRefusal,
  type IssueLoanInput,
  type Loan,
  type LoanRef,
} from '../api/loans.js';

/** An issue as the page asks for it; what the desk agreed to is the hook's to add. */
export type IssueRequest = LoanRef & Pick<IssueLoanInput, 'holderId' | 'dueDate'>;

/** How one try went: issued (`agreed`: after a warning or a booking's hold), or refused and why. */
export type IssueOutcome =
  | { readonly kind: 'issued'; readonly loan: Loan; readonly agreed: boolean }
  | { readonly kind: 'checks'; readonly checks: CheckoutRefusal }
  | { readonly kind: 'hold'; readonly hold: BookingHold };

export interface IssueFlow {
  /** What the checks at the desk last said of this issue (a warning or a block), or null. */
  readonly checks: CheckoutRefusal | null;
  /** The booking that needs the unit, once the desk was told of it, or null. */
  readonly hold: BookingHold | null;
  /** Whether the next try issues anyway: the desk was warned, or told of a booking, and nothing blocks. */
  readonly anyway: boolean;
  /** Whether the checks block this issue: no try can lift it. */
  readonly blocked: boolean;
  /** Tries the issue, with what the desk agreed to so far; throws any error that is not such a refusal. */
  issue(request: IssueRequest): Promise<IssueOutcome>;
  /** Forgets what the desk was told: the next issue is a new one. */
  reset(): void;
}

interface Told {
  readonly checks: CheckoutRefusal | null;
  readonly hold: BookingHold | null;
}
const NOTHING: Told = { checks: null, hold: null };

export function useIssueLoan(): IssueFlow {
  const [told, setTold] = useState<Told>(NOTHING);
  // Read by `issue` rather than the rendered state: a page may reset and issue in one handler (a
  // new scan), before any render has shown the reset.
  const toldRef = useRef(told);
  const tell = (next: Told) => {
    toldRef.current = next;
    setTold(next);
  };

  const blocked = told.checks?.kind === 'blocked';
  return {
    checks: told.checks,
    hold: told.hold,
    anyway: !blocked && (told.checks?.kind === 'confirm' || told.hold !== null),
    blocked,
    async issue(request) {
      const { checks, hold } = toldRef.current;
      const confirm = checks?.kind === 'confirm';
      const override = hold !== null;
      try {
        const { loan } = await issueLoan({
          ...request,
          ...(confirm ? { confirm } : {}),
          ...(override ? { override } : {}),
        });
        tell(NOTHING);
        return { kind: 'issued', loan, agreed: confirm || override };
      } catch (e) {
        const held = bookingHold(e);
        if (held) {
          tell({ ...toldRef.current, hold: held });
          return { kind: 'hold', hold: held };
        }
        const refusal = checkoutRefusal(e);
        if (!refusal) throw e;
        tell({ ...toldRef.current, checks: refusal });
        return { kind: 'checks', checks: refusal };
      }
    },
    reset: () => tell(NOTHING),
  };
}
