/**
 * The requester portal (`/portal`, issue 30 point 1): a pupil's or a member of staff's own requests
 * (tickets), device problems (repairs), loans and bookings, and signing in to it by a one-use link
 * e-mailed to them or the school's single sign-on. Types from the console API's declarations
 * (console-api.gen.ts).
 *
 * The portal has its own session (the HttpOnly `desk_portal` cookie), so a 401 here never means the
 * console's session ended: every call passes `expect401`, and a 401 on a signed-in page goes to the
 * handler set with `onPortalSignedOut` (the portal's own sign-in), not the console's.
 */
import { ApiError, call, request, withQuery, type Answer, type PathsOf, type RequestBody } from './client.js';
import type {
  PortalDeviceList,
  PortalLoanList,
  PortalMe,
  PortalRepairList,
  PortalTicket,
  PortalTicketList,
} from './console-api.gen.js';

export type { PortalMe, PortalTicket };
export type PortalTicketSummary = PortalTicketList['tickets'][number];
export type PortalComment = PortalTicket['comments'][number];
export type PortalFile = PortalTicket['files'][number];
export type PortalRepair = PortalRepairList['repairs'][number];
export type PortalLoan = PortalLoanList['loans'][number];
export type PortalBooking = PortalLoanList['bookings'][number];
export type PortalDevice = PortalDeviceList['devices'][number];
export type PortalPupil = PortalMe['pupils'][number];
export type NewRequest = RequestBody<'post', '/api/portal/tickets'>;
export type DeviceProblem = RequestBody<'post', '/api/portal/repairs'>;

let signedOut: () => void = () => undefined;

/** Who to tell when a portal call finds the portal session gone (state/portal.ts: the sign-in). */
export function onPortalSignedOut(handler: () => void): void {
  signedOut = handler;
}

/** A signed-in call: a 401 is the portal session gone (expired, signed out elsewhere). */
async function signedIn<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) signedOut();
    throw e;
  }
}

// Signing in and out. A 401 is an answer here.

/** E-mails a sign-in link; the answer is the same whether or not the address is known. */
export const askForSignInLink = (email: string, school?: string) =>
  call('post', '/api/portal/sign-in-link', { body: { email, ...(school ? { school } : {}) }, expect401: true });

/** Spends a link's token (from the address's `#token=`): 401 when it is used, expired or unknown. */
export const signInWithLink = (token: string) =>
  call('post', '/api/portal/sign-in', { body: { token }, expect401: true });

const SSO_START: PathsOf<'get'> = '/api/portal/sso/start';

/**
 * The address that starts a sign-in with the school's provider (a full page load): for the school
 * this address names, or the one given; back to `returnTo` (a portal path) afterwards.
 */
export const portalSsoStartUrl = (o: { returnTo: string; school?: string }): string =>
  withQuery(SSO_START, { school: o.school, returnTo: o.returnTo });

export const signOutOfPortal = () => call('post', '/api/portal/sign-out', { expect401: true });

/**
 * Who is signed in to the portal and what the school offers them; 401 when nobody is (or a console
 * user who is no person of the school: its detail says so).
 */
export const portalMe = () => call('get', '/api/portal/me', { expect401: true });

// Requests (tickets).

export const myRequests = (page: number, pageSize: number) =>
  signedIn(call('get', '/api/portal/tickets', { query: { page, pageSize }, expect401: true }));
export const myRequest = (id: string) =>
  signedIn(call('get', '/api/portal/tickets/{id}', { path: { id }, expect401: true }));
export const openRequest = (request: NewRequest) =>
  signedIn(call('post', '/api/portal/tickets', { body: request, expect401: true }));
/** 409 when it is closed, or resolved longer ago than the school's reopen window. */
export const replyToRequest = (id: string, body: string) =>
  signedIn(call('post', '/api/portal/tickets/{id}/comments', { path: { id }, body: { body }, expect401: true }));

type Attached = Answer<'post', '/api/portal/tickets/{id}/attachments'>;
const ATTACH: PathsOf<'post'> = '/api/portal/tickets/{id}/attachments';
const FILE: PathsOf<'get'> = '/api/portal/tickets/{id}/attachments/{fileId}';
const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * Attaches one file to a request, or to one of the requester's replies on it (`commentId`): the body
 * is the file itself with its own type. 400 naming `body` when it is over the school's limit.
 */
export const attachToRequest = (id: string, file: File, commentId?: string) =>
  signedIn(
    request<Attached>('POST', withQuery(fill(ATTACH, { id }), { name: file.name, commentId }), {
      body: file,
      contentType: file.type || 'application/octet-stream',
      expect401: true,
    }),
  );

/** Where the browser downloads one of a request's files from (a plain link: the cookie goes with it). */
export const requestFileAddress = (ticketId: string, fileId: string): string => fill(FILE, { id: ticketId, fileId });

// Device problems (repairs), loans and what they hold.

export const myRepairs = () => signedIn(call('get', '/api/portal/repairs', { expect401: true }));
/** 404 when the serial is not one they (or the pupil) hold now. */
export const reportDeviceProblem = (problem: DeviceProblem) =>
  signedIn(call('post', '/api/portal/repairs', { body: problem, expect401: true }));
export const myLoans = () => signedIn(call('get', '/api/portal/loans', { expect401: true }));
/** What they hold (or, for a teacher, one of their pupils): what a problem may be reported on. */
export const myDevices = (forPersonId?: string) =>
  signedIn(call('get', '/api/portal/devices', { query: forPersonId ? { forPersonId } : {}, expect401: true }));
