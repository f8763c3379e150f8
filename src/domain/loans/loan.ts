import { z } from 'zod';
import { conflict } from '../shared/errors.js';
import { isOverdue } from '../shared/dates.js';
import { isoDate, isoInstant, nullableText } from '../shared/validation.js';

export const LOAN_STATUSES = ['AVAILABLE', 'ISSUED', 'UNAVAILABLE'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const LOAN_KINDS = ['LAPTOP', 'IPAD'] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];

export interface LoanGroup {
  readonly id: string;
  readonly name: string;
}

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

export function issue(
  loan: Loan,
  holder: { id: string; userGroup: string | null },
  dueDate: string | null,
  at: string,
): Loan {
  if (loan.status !== 'AVAILABLE') throw conflict(`loan ${loan.number} is ${loan.status}, not AVAILABLE`);
  return { ...loan, status: 'ISSUED', holderId: holder.id, userGroup: holder.userGroup, issuedAt: at, dueDate };
}

export function returnLoan(loan: Loan): Loan {
  if (loan.status !== 'ISSUED') throw conflict(`loan ${loan.number} is ${loan.status}, not ISSUED`);
  return { ...loan, status: 'AVAILABLE', holderId: null, userGroup: null, issuedAt: null, dueDate: null };
}

export function withdraw(loan: Loan): Loan {
  if (loan.status !== 'AVAILABLE') throw conflict(`loan ${loan.number} is ${loan.status}, not AVAILABLE`);
  return { ...loan, status: 'UNAVAILABLE' };
}

export function restore(loan: Loan): Loan {
  if (loan.status !== 'UNAVAILABLE') throw conflict(`loan ${loan.number} is ${loan.status}, not UNAVAILABLE`);
  return { ...loan, status: 'AVAILABLE' };
}
