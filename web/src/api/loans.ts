/**
 * The loaner pool, as the console API declares it (console-api.gen.ts): the inventory and its
 * filters, the moves by number (Loans, Home) or by serial (the scan desk), and the loan groups. Shared
 * by Home, the Loans page and the scan desk; no page writes these paths itself.
 */
import {
  CHECKOUT_CODES,
  RESERVATION_HOLD_CODE,
  type CheckoutReason,
  type LoanKind,
  type LoanStatus,
} from '@desk/contract';
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

export const issueLoan = (
  number: number,
  holderId: string,
  dueDate: string | null,
  confirm = false,
  override = false,
) =>
  call('post', '/api/loans/{number}/issue', {
    path: { number },
    body: { holderId, dueDate, ...(confirm ? { confirm } : {}), ...(override ? { override } : {}) },
  });
export const returnLoan = (number: number) => call('post', '/api/loans/{number}/return', { path: { number } });
export const withdrawLoan = (number: number) => call('post', '/api/loans/{number}/withdraw', { path: { number } });
export const restoreLoan = (number: number) => call('post', '/api/loans/{number}/restore', { path: { number } });

/** The scan desk's moves: the loan named by the serial its barcode carries. */
export const issueBySerial = (
  serial: string,
  holderId: string,
  dueDate: string | null,
  confirm = false,
  override = false,
) =>
  call('post', '/api/loans/issue', {
    body: { serial, holderId, dueDate, ...(confirm ? { confirm } : {}), ...(override ? { override } : {}) },
  });

/**
 * The checks' answer to an issue, if that is what the error is: `confirm` when the desk may issue
 * anyway by sending it again with `confirm: true`, `blocked` when it may not.
 */
export function checkoutRefusal(e: unknown): { kind: 'confirm' | 'blocked'; reasons: CheckoutReason[] } | null {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const code = e.extensions.code;
  if (code !== CHECKOUT_CODES.warn && code !== CHECKOUT_CODES.block) return null;
  const reasons = Array.isArray(e.extensions.reasons) ? (e.extensions.reasons as CheckoutReason[]) : [];
  return { kind: code === CHECKOUT_CODES.block ? 'blocked' : 'confirm', reasons };
}
/** The booking an issue was refused for (a 409 `reservation_hold`): issuing anyway sends `override: true`. */
export function bookingHold(e: unknown): { id: string; from: string; units: number } | null {
  if (!(e instanceof ApiError) || e.status !== 409 || e.extensions.code !== RESERVATION_HOLD_CODE) return null;
  const r = e.extensions.reservation as { id?: unknown; from?: unknown; units?: unknown } | undefined;
  return typeof r?.id === 'string' && typeof r.from === 'string' && typeof r.units === 'number'
    ? { id: r.id, from: r.from, units: r.units }
    : null;
}
export const returnBySerial = (serial: string) => call('post', '/api/loans/return', { body: { serial } });

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
export const KIND_LABELS: Readonly<Record<LoanKind, string>> = { LAPTOP: 'Laptop', IPAD: 'iPad' };

/** One loan with its history (audit entries about it) and its reminder e-mails (the loan's page). */
export const loanHistory = (number: number) => call('get', '/api/loans/{number}/history', { path: { number } });
/** "Remind now": e-mails the holder (and a pupil's guardians); 429 within the hour of the last reminder. */
export const remindLoan = (number: number) => call('post', '/api/loans/{number}/remind', { path: { number } });
