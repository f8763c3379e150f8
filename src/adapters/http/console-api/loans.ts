import { z } from 'zod';
import { AddLoaners, CreateLoan } from '../../../domain/loans/create-loan.js';
import { CreateLoanGroup } from '../../../domain/loans/create-loan-group.js';
import { IssueLoan } from '../../../domain/loans/issue-loan.js';
import { ListAllLoans } from '../../../domain/loans/list-all-loans.js';
import { ListLoanGroups, loanGroupListSchema } from '../../../domain/loans/list-loan-groups.js';
import { ListLoans, loanInventorySchema } from '../../../domain/loans/list-loans.js';
import {
  loanGroupResultSchema,
  loanGroupSchema,
  loanResultSchema,
  loanViewSchema,
} from '../../../domain/loans/loan.js';
import { RenameLoanGroup } from '../../../domain/loans/rename-loan-group.js';
import { GetLoanHistory, loanHistorySchema } from '../../../domain/reminders/get-loan-history.js';
import { RemindLoan, remindLoanResultSchema } from '../../../domain/reminders/remind-loan.js';
import { reminderViewSchema } from '../../../domain/reminders/reminder.js';
import { RestoreLoan } from '../../../domain/loans/restore-loan.js';
import { ReturnLoan, returnResultSchema } from '../../../domain/loans/return-loan.js';
import { UpdateLoan } from '../../../domain/loans/update-loan.js';
import { WithdrawLoan } from '../../../domain/loans/withdraw-loan.js';
import {
  groupMoveResultSchema,
  RestoreLoanGroup,
  WithdrawLoanGroup,
} from '../../../domain/loans/withdraw-loan-group.js';
import { aliasRoute, routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('LoanView', loanViewSchema);
named('LoanResult', loanResultSchema);
named('LoanGroup', loanGroupSchema);
named('LoanGroupResult', loanGroupResultSchema);
named('Reminder', reminderViewSchema);

/**
 * The desk's two moves, as the `loans.issue` and `loans.return` tools take them: the loan named in
 * the body by its number (a row of the inventory) or its serial (what a barcode carries), so the
 * Loans page and the scan desk call the same route. The by-number paths below are their aliases,
 * kept because SPEC §7.4 publishes them (docs/decisions.md, "One route per move").
 */
const issueRoute = useCaseRoute({
  method: 'post',
  path: '/api/loans/issue',
  summary: 'Issue a loaner, named by its number or serial, to a person, until a due date or open-ended',
  useCase: IssueLoan,
  output: loanResultSchema,
  problems: ['not_found', 'conflict'],
});
const returnRoute = useCaseRoute({
  method: 'post',
  path: '/api/loans/return',
  summary: 'Take back a loaner, named by its number or serial, and say whom it came back from',
  useCase: ReturnLoan,
  output: named('ReturnResult', returnResultSchema),
  problems: ['not_found', 'conflict'],
});

/**
 * The loaner pool (module `loans`, SPEC §7.4): the paged inventory, the legacy list, the moves of a
 * loan (issue and return by number or serial in the body, above, with their by-number aliases;
 * withdraw, restore and remind by the number in the path, as a record's own actions) and keeping
 * the units. Teachers see
 * and move the loans of their own loan groups only: any other loan is 404 to them. A move the loan's
 * state does not allow (issuing one already issued) is 409.
 */
export const loanRoutes = routeGroup('loans', 'The loaner pool: its units, who holds what, and the moves.', [
  useCaseRoute({
    method: 'get',
    path: '/api/loans/inventory',
    summary: 'The inventory: loaners a page at a time, with filters, search and tallies',
    useCase: ListLoans,
    output: named('LoanInventory', loanInventorySchema),
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/loans',
    summary: 'Every loaner matching the filters, unpaged (the legacy list)',
    useCase: ListAllLoans,
    output: named('LoanList', z.array(loanViewSchema)),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/loans',
    summary: 'Add a loaner to a loan group, with the next number',
    useCase: CreateLoan,
    status: 201,
    output: loanResultSchema,
    problems: ['not_found', 'conflict'],
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/loans/{number}',
    summary: 'Move a unit to another group, or correct its serial',
    useCase: UpdateLoan,
    output: loanResultSchema,
    problems: ['conflict'],
  }),
  issueRoute,
  aliasRoute(issueRoute, {
    path: '/api/loans/{number}/issue',
    operationId: 'issueLoanByNumber',
    summary: 'Issue a loaner, named by its number in the path, to a person',
  }),
  returnRoute,
  aliasRoute(returnRoute, {
    path: '/api/loans/{number}/return',
    operationId: 'returnLoanByNumber',
    summary: 'Take a loaner, named by its number in the path, back into the pool (a body is not read)',
    pathOnly: true,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/loans/{number}/history',
    summary: 'One loaner with its history (issues, returns, reminders sent) and its reminder e-mails',
    useCase: GetLoanHistory,
    output: named('LoanHistory', loanHistorySchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/loans/{number}/remind',
    summary:
      'E-mail the holder (and a pupil’s guardians) about this issued loan now; at most once an hour per loan (429 with Retry-After; a body is not read)',
    useCase: RemindLoan,
    pathOnly: true,
    output: named('RemindLoanResult', remindLoanResultSchema),
    problems: ['conflict', 'rate_limited'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/loans/{number}/withdraw',
    summary: 'Take a loaner out of service (a body is not read)',
    useCase: WithdrawLoan,
    pathOnly: true,
    output: loanResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/loans/{number}/restore',
    summary: 'Put a withdrawn loaner back into service (a body is not read)',
    useCase: RestoreLoan,
    pathOnly: true,
    output: loanResultSchema,
    problems: ['conflict'],
  }),
]);

/** Loan groups (carts, desks, shelves): the pool's places, with their tallies. */
export const loanGroupRoutes = routeGroup('loan-groups', 'The carts, desks and shelves the loaners live in.', [
  useCaseRoute({
    method: 'get',
    path: '/api/loan-groups',
    summary: 'The loan groups the caller may see, with their tallies',
    useCase: ListLoanGroups,
    output: named('LoanGroupList', loanGroupListSchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/loan-groups',
    summary: 'Add a loan group',
    useCase: CreateLoanGroup,
    status: 201,
    output: loanGroupResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/loan-groups/{groupId}/loans',
    summary: 'Add loaners to a loan group at once (a cart of 30), numbered in the order given: all or none',
    useCase: AddLoaners,
    status: 201,
    output: named('AddedLoaners', z.object({ loans: z.array(loanViewSchema) })),
    problems: ['not_found', 'conflict'],
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/loan-groups/{id}',
    summary: 'Rename a loan group',
    useCase: RenameLoanGroup,
    output: loanGroupResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/loan-groups/{groupId}/withdraw',
    summary:
      'Take every loaner of a group in the pool out of service at once; those out on loan stay with their holders',
    useCase: WithdrawLoanGroup,
    pathOnly: true,
    output: named('GroupMoveResult', groupMoveResultSchema),
    problems: ['not_found', 'conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/loan-groups/{groupId}/restore',
    summary: 'Put every withdrawn loaner of a group back into service, but those a repair in hand keeps out',
    useCase: RestoreLoanGroup,
    pathOnly: true,
    output: groupMoveResultSchema,
    problems: ['not_found', 'conflict'],
  }),
]);
