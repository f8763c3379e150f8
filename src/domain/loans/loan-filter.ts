import { z } from 'zod';
import type { LoanFilter } from '../../ports/repositories/loans.js';
import type { Actor } from '../shared/actor.js';
import { calendarDate, id, text } from '../shared/validation.js';
import { LOAN_KINDS, LOAN_STATUSES } from './loan.js';

/** The inventory filters of seed §4.4, shared by the paged inventory and the legacy list. */
export const loanFilterFields = {
  status: z.enum(LOAN_STATUSES).optional().describe('AVAILABLE, ISSUED or UNAVAILABLE'),
  groupId: id().optional().describe('Only loans of this loan group'),
  kind: z.enum(LOAN_KINDS).optional().describe('LAPTOP or IPAD'),
  userGroup: text(1, 100).optional().describe("Holder's class or department"),
  holderId: id().optional().describe('Only loans held by this person'),
  q: text(1, 200)
    .optional()
    .describe('Text contained in the serial, holder name or group name (case-insensitive), or a loaner number'),
  overdue: z.boolean().optional().describe('true: only issued loans past their due date'),
  dueDate: calendarDate().optional().describe('Only issued loans due back on this date (YYYY-MM-DD)'),
};

export type LoanFilters = z.output<z.ZodObject<typeof loanFilterFields>>;

/** The repository's filter for the caller's authorised pool; `today` decides what is overdue. */
export function toLoanFilter(actor: Actor, f: LoanFilters, today: string): LoanFilter {
  const q = f.q;
  return {
    poolGroupIds: actor.loanGroupIds,
    status: f.status,
    groupId: f.groupId,
    kind: f.kind,
    userGroup: f.userGroup,
    holderId: f.holderId,
    q,
    qNumber: q !== undefined && /^\d{1,9}$/.test(q) ? Number(q) : undefined,
    // Only the value true enables the filter (seed §4.4).
    overdueBefore: f.overdue === true ? today : undefined,
    dueOn: f.dueDate,
  };
}
