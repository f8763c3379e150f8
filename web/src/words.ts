/**
 * The words the console uses for the API's codes, one per thing, as the navigation says them: a
 * module is named by the pages it gives (the `servicedesk` module is Tickets, `assets` is Devices), a
 * role by what the person does. Codes stay in the API for programs; people read these.
 */
import type { SubmissionStatus, TicketStatus } from '@desk/contract';

/** Each module by the name its navigation entry has (or what it gives, for those without one). */
export const MODULE_NAMES: Readonly<Record<string, string>> = {
  integrations: 'Integrations',
  people: 'People',
  loans: 'Loans',
  repairs: 'Repairs',
  servicedesk: 'Tickets',
  assets: 'Devices',
  costs: 'Costs',
  events: 'Events',
};
export const moduleName = (code: string): string => MODULE_NAMES[code] ?? code;

export const ROLE_NAMES: Readonly<Record<string, string>> = {
  'school-admin': 'School administrator',
  technician: 'Technician',
  'loan-desk': 'Loan desk',
  teacher: 'Teacher',
  'read-only': 'Read only',
};
export const roleName = (code: string): string => ROLE_NAMES[code] ?? code;

/** Device and loaner kinds as codes are written (LAPTOP, IPAD, CHROMEBOOK…), and as people say them. */
const KIND_NAMES: Readonly<Record<string, string>> = { IPAD: 'iPad', TV: 'TV', PC: 'PC' };
export const kindName = (code: string): string => {
  const known = KIND_NAMES[code.toUpperCase()];
  if (known) return known;
  const words = code.replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The area a permission (a key's scope) is about, as the navigation names it. */
const SCOPE_AREAS: Readonly<Record<string, string>> = {
  person: 'People',
  loan: 'Loans',
  reservation: 'Bookings',
  charge: "Pupils' accounts",
  repair: 'Repairs',
  ticket: 'Tickets',
  device: 'Devices',
  cost: 'Costs',
};
export const scopeArea = (scope: string): string =>
  SCOPE_AREAS[scope.split('.')[0] ?? ''] ?? 'Integrations and oversight';

/**
 * Where a request (a ticket) stands, as the requester portal says it to a pupil: what is happening
 * and whose turn it is, rather than the desk's own words (Pending, Resolved).
 */
export const REQUEST_STATUS_WORDS: Readonly<Record<TicketStatus, string>> = {
  NEW: 'Waiting for IT',
  OPEN: 'IT is working on it',
  PENDING: 'Waiting for your answer',
  RESOLVED: 'Solved',
  CLOSED: 'Closed',
};

/** Where a reported device problem (a repair) stands, as the requester portal says it. */
export const DEVICE_PROBLEM_STATUS_WORDS: Readonly<Record<SubmissionStatus, string>> = {
  NEW: 'Reported',
  ASSIGNED: 'Someone is looking at it',
  IN_REPAIR: 'Being repaired',
  RESOLVED: 'Fixed',
  CLOSED: 'Closed',
};
