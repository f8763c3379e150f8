import type { Context } from 'koa';
import {
  accountEntrySchema,
  coverageSchema,
  outstandingBalanceSchema,
} from '../../../domain/accounts/account-entry.js';
import { ExportOutstanding } from '../../../domain/accounts/export-outstanding.js';
import { accountSchema, GetAccount } from '../../../domain/accounts/get-account.js';
import { ListOutstanding, outstandingListSchema } from '../../../domain/accounts/list-outstanding.js';
import { chargeResultSchema, RecordCharge } from '../../../domain/accounts/record-charge.js';
import { entryResultSchema, RecordPayment } from '../../../domain/accounts/record-payment.js';
import { RecordWaiver } from '../../../domain/accounts/record-waiver.js';
import { coverageResultSchema, RemoveCoverage, SetCoverage } from '../../../domain/accounts/set-coverage.js';
import type { RecordExport } from '../../../domain/exports/export.js';
import { csvStream } from '../../csv/index.js';
import { csvFile, routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('AccountEntry', accountEntrySchema);
named('Coverage', coverageSchema);
named('OutstandingBalance', outstandingBalanceSchema);
named('EntryResult', entryResultSchema);

/** The CSV answer, written as it is read (as the record exports are). */
const balancesCsv = async (exported: RecordExport, ctx: Context): Promise<void> => {
  const body = await csvStream(exported.columns, exported.pages);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${exported.filename}"`);
  ctx.body = body;
};

/**
 * Pupils' accounts (issue 23 §4; module `people`, permission `charge.manage` throughout): charges
 * (reduced by insurance cover), payments and waivers, the account with its balance, who owes what
 * (as a list and as CSV), and insurance cover per school year. Amounts are minor units of the
 * school's currency. Another school's person, repair, loan or charge is 404; a payment or a waiver
 * above what is owed, a charge or cover for staff, a repair of someone else's device is 409.
 */
export const accountRoutes = routeGroup('accounts', 'Pupils’ charges, payments, waivers and insurance cover.', [
  useCaseRoute({
    method: 'get',
    path: '/api/people/{id}/account',
    summary: 'A person’s account: entries newest first, the balance, this school year’s cover and claims',
    useCase: GetAccount,
    output: named('Account', accountSchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/people/{id}/charges',
    summary: 'Charge a pupil (reduced to the deductible when covered and a claim is left)',
    useCase: RecordCharge,
    status: 201,
    output: named('ChargeResult', chargeResultSchema),
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/people/{id}/payments',
    summary: 'Record a payment (never more than what is owed)',
    useCase: RecordPayment,
    status: 201,
    output: entryResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/people/{id}/waivers',
    summary: 'Waive part of what is owed, or of one charge (never more than is left)',
    useCase: RecordWaiver,
    status: 201,
    output: entryResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'put',
    path: '/api/people/{id}/coverage',
    summary: 'Mark a pupil covered by an insurance plan for a school year',
    useCase: SetCoverage,
    output: named('CoverageResult', coverageResultSchema),
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'delete',
    path: '/api/people/{id}/coverage',
    summary: 'End a pupil’s cover for a school year (`?schoolYear=2026-2027`)',
    useCase: RemoveCoverage,
    status: 204,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/charges',
    summary: 'Who owes what (`?outstanding=true`): the longest-owing first, a page at a time',
    useCase: ListOutstanding,
    output: named('OutstandingList', outstandingListSchema),
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/export/balances.csv',
    summary: 'Who owes what, as CSV',
    useCase: ExportOutstanding,
    output: csvFile('One person who owes a row: id, name, class, balance, currency, oldest unsettled charge'),
    answer: balancesCsv,
  }),
]);
