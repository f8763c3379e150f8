/**
 * A loan's statuses and kinds. Nothing here imports anything, so the browser console takes the very
 * lists the server checks against (through src/contract).
 */
export const LOAN_STATUSES = ['AVAILABLE', 'ISSUED', 'UNAVAILABLE'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const LOAN_KINDS = ['LAPTOP', 'IPAD'] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];
