/**
 * Pupils' accounts: a person's account, charges, payments, waivers and insurance cover, who owes
 * what (and its CSV), and the school's insurance terms. Types from the console API's declarations
 * (console-api.gen.ts).
 */
import { call, type Answer, type RequestBody } from './client.js';
import type { Account, AccountEntry, OutstandingList, Person, PersonProfile } from './console-api.gen.js';

export type { Account, AccountEntry, OutstandingList };
export type NewCharge = RequestBody<'post', '/api/people/{id}/charges'>;
export type NewPayment = RequestBody<'post', '/api/people/{id}/payments'>;
export type NewWaiver = RequestBody<'post', '/api/people/{id}/waivers'>;
export type PaymentMethod = NewPayment['method'];
export type InsuranceTerms = Answer<'get', '/api/settings/insurance'>;
/** Whose account a panel shows. */
export type AccountHolder = Pick<Person, 'id' | 'name' | 'kind'>;
/** A repair a charge may be for (as the person's profile lists them). */
export type ChargeableRepair = Pick<NonNullable<PersonProfile['submissions']>[number], 'id' | 'number' | 'serial'>;

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  cash: 'Cash',
  cheque: 'Cheque',
  card: 'Card',
  online: 'Online',
  other: 'Other',
};

export const getAccount = (id: string) => call('get', '/api/people/{id}/account', { path: { id } });
export const recordCharge = (id: string, body: NewCharge) =>
  call('post', '/api/people/{id}/charges', { path: { id }, body });
export const recordPayment = (id: string, body: NewPayment) =>
  call('post', '/api/people/{id}/payments', { path: { id }, body });
export const recordWaiver = (id: string, body: NewWaiver) =>
  call('post', '/api/people/{id}/waivers', { path: { id }, body });
export const setCoverage = (id: string, plan: string, schoolYear: string) =>
  call('put', '/api/people/{id}/coverage', { path: { id }, body: { plan, schoolYear } });
export const removeCoverage = (id: string, schoolYear: string) =>
  call('delete', '/api/people/{id}/coverage', { path: { id }, query: { schoolYear } });

export const listOutstanding = (page: number, pageSize: number) =>
  call('get', '/api/charges', { query: { outstanding: 'true', page, pageSize } });
/** Where the browser downloads who owes what (a plain link: the session cookie goes with it). */
export const BALANCES_CSV = '/api/export/balances.csv';

export const insuranceTerms = () => call('get', '/api/settings/insurance');
export const saveInsuranceTerms = (terms: RequestBody<'put', '/api/settings/insurance'>) =>
  call('put', '/api/settings/insurance', { body: terms });
