/**
 * The loaner pool, as the console API declares it (console-api.gen.ts): the inventory and its
 * filters, the moves (issue and return by number or serial, one route each; withdraw and restore by
 * number), and the loan groups. Shared by Home, the Loans page and the scan desk; no page writes
 * these paths itself.
 */
import {
  LOAN_KINDS,
  CHECKOUT_CODES,
  RESERVATION_HOLD_CODE,
  type CheckoutReason,
  type LoanKind,
  type LoanStatus,
} from '@desk/contract';
import { kindName } from '../words.js';
import { ApiError, call } from './client.js';
import type {
  LoanGroup,
  LoanHistory,
  LoanInventory,
  LoanView,
  operations,
  Reminder,
  ReturnResult,
} from './console-api.gen.js';

export type { CheckoutReason, LoanGroup, LoanHistory, LoanKind, LoanStatus, Reminder, ReturnResult };
export type Loan = LoanView;
export type InventoryPage = LoanInventory;
export type InventorySummary = LoanInventory['summary'];

/** The inventory's filters (seed §4.4, plus `dueDate`), as the route takes them. */
export type InventoryFilters = Omit<NonNullable<operations['listLoans']['parameters']['query']>, 'page' | 'pageSize'>;

export const inventory = (filters: InventoryFilters & { page?: number; pageSize?: number }, signal?: AbortSignal) =>
  call('get', '/api/loans/inventory', { query: filters, signal });

export const loanGroups = () => call('get', '/api/loan-groups');

/** A new loan group (a cart, a desk, a shelf); names are unique in the school. */
export const createLoanGroup = (name: string) => call('post', '/api/loan-groups', { body: { name } });

export const renameLoanGroup = (id: string, name: string) =>
  call('patch', '/api/loan-groups/{id}', { path: { id }, body: { name } });

/** Every loaner of a group out of service, or back; the answer names those that could not move. */
export const moveLoanGroup = (groupId: string, move: 'withdraw' | 'restore') =>
  move === 'withdraw'
    ? call('post', '/api/loan-groups/{groupId}/withdraw', { path: { groupId } })
    : call('post', '/api/loan-groups/{groupId}/restore', { path: { groupId } });

/** A unit's serial corrected, or the unit moved to another group (not while it is issued). */
export const updateLoan = (number: number, body: { serial?: string; groupId?: string }) =>
  call('patch', '/api/loans/{number}', { path: { number }, body });

/** Loaners added to a group at once, numbered in the order of `serials`: all of them, or none. */
export const addLoaners = (groupId: string, kind: LoanKind, serials: string[]) =>
  call('post', '/api/loan-groups/{groupId}/loans', { path: { groupId }, body: { kind, serials } });

/**
 * Which loan a move names, exactly one of: its number (a row of the inventory, a loan's page) or its
 * serial (what the scan desk's barcode carries).
 */
export type LoanRef =
  { readonly number: number; readonly serial?: never } | { readonly serial: string; readonly number?: never };

/**
 * What issuing takes, named as the IssueLoan use case (and the `loans.issue` tool) names it: the
 * loan, `holderId`, `dueDate` (YYYY-MM-DD; null or absent: none), and what the desk agreed to after
 * being told: `confirm` (the checks' warnings) and `override` (a booking's hold).
 */
export type IssueLoanInput = LoanRef & Omit<IssueLoanBody, 'number' | 'serial'>;
type IssueLoanBody = operations['issueLoan']['requestBody']['content']['application/json'];

/** Issues a loan: `issueLoan({ number: 12, holderId, dueDate })` or `issueLoan({ serial, holderId })`. */
export const issueLoan = (input: IssueLoanInput) => call('post', '/api/loans/issue', { body: input });
/** Takes a loan back: `returnLoan({ number })` or `returnLoan({ serial })`; answers whom it came back from. */
export const returnLoan = (loan: LoanRef) => call('post', '/api/loans/return', { body: loan });
export const withdrawLoan = (number: number) => call('post', '/api/loans/{number}/withdraw', { path: { number } });
export const restoreLoan = (number: number) => call('post', '/api/loans/{number}/restore', { path: { number } });

/**
 * The checks' answer to an issue, if that is what the error is: `confirm` when the desk may issue
 * anyway by sending it again with `confirm: true`, `blocked` when it may not.
 */
export interface CheckoutRefusal {
  readonly kind: 'confirm' | 'blocked';
  readonly reasons: readonly CheckoutReason[];
}
export function checkoutRefusal(e: unknown): CheckoutRefusal | null {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const code = e.extensions.code;
  if (code !== CHECKOUT_CODES.warn && code !== CHECKOUT_CODES.block) return null;
  const reasons = Array.isArray(e.extensions.reasons) ? (e.extensions.reasons as CheckoutReason[]) : [];
  return { kind: code === CHECKOUT_CODES.block ? 'blocked' : 'confirm', reasons };
}

/** The booking an issue was refused for (a 409 `reservation_hold`): issuing anyway sends `override: true`. */
export interface BookingHold {
  /** The booking's id, when it starts (`from`) and how many units it still has to pick up. */
  readonly id: string;
  readonly from: string;
  readonly units: number;
}
export function bookingHold(e: unknown): BookingHold | null {
  if (!(e instanceof ApiError) || e.status !== 409 || e.extensions.code !== RESERVATION_HOLD_CODE) return null;
  const r = e.extensions.reservation as { id?: unknown; from?: unknown; units?: unknown } | undefined;
  return typeof r?.id === 'string' && typeof r.from === 'string' && typeof r.units === 'number'
    ? { id: r.id, from: r.from, units: r.units }
    : null;
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

export const STATUS_LABELS: Readonly<Record<LoanStatus, string>> = {
  AVAILABLE: 'Available',
  ISSUED: 'Issued',
  UNAVAILABLE: 'Unavailable',
};
/** A loaner's kind in words: the one rule every kind is said by (words.ts). */
export const KIND_LABELS = Object.fromEntries(LOAN_KINDS.map((k) => [k, kindName(k)])) as Readonly<
  Record<LoanKind, string>
>;

/** One loan with its history (audit entries about it) and its reminder e-mails (the loan's page). */
export const loanHistory = (number: number) => call('get', '/api/loans/{number}/history', { path: { number } });
/** "Remind now": e-mails the holder (and a pupil's guardians); 429 within the hour of the last reminder. */
export const remindLoan = (number: number) => call('post', '/api/loans/{number}/remind', { path: { number } });
