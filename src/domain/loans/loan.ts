import { z } from 'zod';
import { conflict } from '../shared/errors.js';
import { isOverdue } from '../shared/dates.js';
import { isoDate, isoInstant, nullableText, text } from '../shared/validation.js';
import { LOAN_KINDS, LOAN_STATUSES, type LoanKind, type LoanStatus } from './loan-states.js';

export { LOAN_KINDS, LOAN_STATUSES, type LoanKind, type LoanStatus };

export interface LoanGroup {
  readonly id: string;
  readonly name: string;
}

/** A loan group as the console returns it, and its name as a manager types it. */
export const loanGroupSchema = z.object({ id: z.string(), name: z.string() });
/** What a change to a loan group answers with. */
export const loanGroupResultSchema = z.object({ loanGroup: loanGroupSchema });
export const loanGroupName = () => text(1, 100).describe('The name of the cart, desk or shelf, unique in the school');

/** A loaner unit of the pool, as stored. `version` guards concurrent transitions. */
export interface Loan {
  readonly id: string;
  readonly number: number;
  readonly kind: LoanKind;
  readonly serial: string;
  readonly groupId: string;
  readonly status: LoanStatus;
  readonly holderId: string | null;
  /** The holder's class or department at the moment of issue. */
  readonly userGroup: string | null;
  readonly issuedAt: string | null;
  readonly dueDate: string | null;
  readonly version: number;
}

/** A loan as every surface returns it (SPEC §5): the schema published in tool outputs, and its type. */
export const loanViewSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(LOAN_KINDS),
  serial: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  status: z.enum(LOAN_STATUSES),
  holder: z.object({ id: z.string(), name: z.string() }).nullable(),
  userGroup: nullableText(),
  issuedAt: isoInstant().nullable(),
  dueDate: isoDate().nullable(),
  overdue: z.boolean(),
});
export type LoanView = z.output<typeof loanViewSchema>;

/**
 * A loan event's data (SPEC §8: thin): which loan, and where it stands. The holder is named by id
 * only: an event goes to receivers outside the school, and a pupil's name never does.
 */
export const loanEventData = (loan: LoanView) => ({
  loan: {
    id: loan.id,
    number: loan.number,
    serial: loan.serial,
    kind: loan.kind,
    groupId: loan.groupId,
    status: loan.status,
    holderId: loan.holder?.id ?? null,
    dueDate: loan.dueDate,
  },
});

/** What the loan transitions return. */
export const loanResultSchema = z.object({ loan: loanViewSchema });

/** A loan joined with its group and holder names, as repositories read it. */
export interface LoanRow extends Loan {
  readonly groupName: string;
  readonly holderName: string | null;
}

export const toLoanView = (row: LoanRow, today: string): LoanView => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  serial: row.serial,
  groupId: row.groupId,
  groupName: row.groupName,
  status: row.status,
  holder: row.holderId ? { id: row.holderId, name: row.holderName ?? '' } : null,
  userGroup: row.userGroup,
  issuedAt: row.issuedAt,
  dueDate: row.dueDate,
  overdue: isOverdue(row.status, row.dueDate, today),
});

// The state machine. Each transition is pure: it returns the next loan or throws `conflict`.

/** Where a loaner is, in a desk's words. */
const WHERE: Readonly<Record<LoanStatus, string>> = {
  AVAILABLE: 'in the pool',
  ISSUED: 'out on loan',
  UNAVAILABLE: 'withdrawn from the pool',
};

/**
 * Why a move cannot be made from where the loaner is, as the desk would say it (the problem's
 * `detail`; programs read the 409 and the loan's `status`).
 */
function refusal(loan: Loan, move: 'issue' | 'return' | 'withdraw' | 'restore'): string {
  const unit = `loaner ${loan.number}`;
  const where = WHERE[loan.status];
  switch (move) {
    case 'issue':
      return loan.status === 'ISSUED' ? `${unit} is already out on loan` : `${unit} is ${where}: restore it first`;
    case 'return':
      return `${unit} is ${where}, not out on loan: there is nothing to return`;
    case 'withdraw':
      return loan.status === 'ISSUED' ? `${unit} is out on loan: return it first` : `${unit} is already ${where}`;
    case 'restore':
      return loan.status === 'AVAILABLE' ? `${unit} is already in the pool` : `${unit} is ${where}, not withdrawn`;
  }
}

export function issue(
  loan: Loan,
  holder: { id: string; userGroup: string | null },
  dueDate: string | null,
  at: string,
): Loan {
  if (loan.status !== 'AVAILABLE') throw conflict(refusal(loan, 'issue'));
  return { ...loan, status: 'ISSUED', holderId: holder.id, userGroup: holder.userGroup, issuedAt: at, dueDate };
}

export function returnLoan(loan: Loan): Loan {
  if (loan.status !== 'ISSUED') throw conflict(refusal(loan, 'return'));
  return { ...loan, status: 'AVAILABLE', holderId: null, userGroup: null, issuedAt: null, dueDate: null };
}

export function withdraw(loan: Loan): Loan {
  if (loan.status !== 'AVAILABLE') throw conflict(refusal(loan, 'withdraw'));
  return { ...loan, status: 'UNAVAILABLE' };
}

export function restore(loan: Loan): Loan {
  if (loan.status !== 'UNAVAILABLE') throw conflict(refusal(loan, 'restore'));
  return { ...loan, status: 'AVAILABLE' };
}

// Keeping the pool (issue 12): a unit joins it AVAILABLE, and moves group or changes serial only
// while nobody holds it.

/** A new unit of the pool: AVAILABLE, with nobody, at version 1. */
export const newLoan = (unit: Pick<Loan, 'id' | 'number' | 'kind' | 'serial' | 'groupId'>): Loan => ({
  ...unit,
  status: 'AVAILABLE',
  holderId: null,
  userGroup: null,
  issuedAt: null,
  dueDate: null,
  version: 1,
});

/** What a manager may change of a unit (PATCH /loans/:number). */
export type UnitChanges = Partial<Pick<Loan, 'groupId' | 'serial'>>;
export const UNIT_FIELDS = ['groupId', 'serial'] as const;

/**
 * Moves a unit to another group and/or gives it another serial (a relabelled or replaced device).
 * Only while AVAILABLE or UNAVAILABLE: an ISSUED unit is in someone's hands, and what they hold must
 * stay what the desk's records say until it comes back. Values equal to the unit's own are no change:
 * when nothing changes, the unit itself is returned, whatever its status.
 */
export function changeUnit<L extends Loan>(loan: L, changes: UnitChanges): L {
  const changed = UNIT_FIELDS.filter((k) => changes[k] !== undefined && changes[k] !== loan[k]);
  if (changed.length === 0) return loan;
  if (loan.status === 'ISSUED') {
    const words = changed.map((k) => (k === 'groupId' ? 'group' : k));
    throw conflict(`loaner ${loan.number} is out on loan: return it before changing its ${words.join(' or ')}`);
  }
  return { ...loan, ...Object.fromEntries(changed.map((k) => [k, changes[k]])) };
}
