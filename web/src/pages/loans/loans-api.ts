/**
 * The loan pool as the console API serves it (SPEC §5, §7.4): the inventory page and its filters,
 * and the four moves by number. Shared by Home, the Loans page and the scan desk.
 */
import { api, type Query } from '../../api/client.js';

export type LoanStatus = 'AVAILABLE' | 'ISSUED' | 'UNAVAILABLE';
export type LoanKind = 'LAPTOP' | 'IPAD';

export interface Loan {
  readonly id: string;
  readonly number: number;
  readonly kind: LoanKind;
  readonly serial: string;
  readonly groupId: string;
  readonly groupName: string;
  readonly status: LoanStatus;
  readonly holder: { readonly id: string; readonly name: string } | null;
  readonly userGroup: string | null;
  readonly issuedAt: string | null;
  readonly dueDate: string | null;
  readonly overdue: boolean;
}

export interface InventorySummary {
  readonly total: number;
  readonly available: number;
  readonly issued: number;
  readonly overdue: number;
  readonly withoutDueDate: number;
  readonly nextNumber: number;
}

export interface InventoryPage {
  readonly loans: readonly Loan[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly summary: InventorySummary;
}

/** The filters of seed §4.4 (plus `dueDate`, the day a loan is due back), as query parameters. */
export interface InventoryFilters {
  status?: LoanStatus | undefined;
  kind?: LoanKind | undefined;
  groupId?: string | undefined;
  userGroup?: string | undefined;
  holderId?: string | undefined;
  q?: string | undefined;
  overdue?: boolean | undefined;
  dueDate?: string | undefined;
}

export const inventory = (filters: InventoryFilters & { page?: number; pageSize?: number }, signal?: AbortSignal) =>
  api.get<InventoryPage>(
    '/api/loans/inventory',
    { ...filters, overdue: filters.overdue ? 'true' : undefined } as Query,
    signal ? { signal } : undefined,
  );

export interface LoanGroup {
  readonly id: string;
  readonly name: string;
}

export const loanGroups = () => api.get<{ loanGroups: readonly LoanGroup[] }>('/api/loan-groups');

/** What a return answers: the loan, and whom it came back from (the undo re-issues from this). */
export interface Returned {
  readonly loan: Loan;
  readonly returnedFrom: {
    readonly holder: { readonly id: string; readonly name: string };
    readonly issuedAt: string | null;
    readonly dueDate: string | null;
  };
}

export const issueLoan = (number: number, holderId: string, dueDate: string | null) =>
  api.post<{ loan: Loan }>(`/api/loans/${number}/issue`, { holderId, dueDate });
export const returnLoan = (number: number) => api.post<Returned>(`/api/loans/${number}/return`);
export const withdrawLoan = (number: number) => api.post<{ loan: Loan }>(`/api/loans/${number}/withdraw`);
export const restoreLoan = (number: number) => api.post<{ loan: Loan }>(`/api/loans/${number}/restore`);

/** The scan desk's moves: the loan named by the serial its barcode carries. */
export const issueBySerial = (serial: string, holderId: string, dueDate: string | null) =>
  api.post<{ loan: Loan }>('/api/loans/issue', { serial, holderId, dueDate });
export const returnBySerial = (serial: string) => api.post<Returned>('/api/loans/return', { serial });

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

export const STATUS_LABELS: Record<LoanStatus, string> = {
  AVAILABLE: 'Available',
  ISSUED: 'Issued',
  UNAVAILABLE: 'Unavailable',
};
export const KIND_LABELS: Record<LoanKind, string> = { LAPTOP: 'Laptop', IPAD: 'iPad' };
