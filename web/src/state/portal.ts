/**
 * Who is signed in to the requester portal: `GET /api/portal/me` — the person, their school, what it
 * offers them (tickets, repairs, loans), the categories and, for a teacher, the pupils they may file
 * for. Apart from the console's session (state/session.ts): a pupil has no console account, and a
 * member of staff's console session only stands in for the person they are.
 */
import { signal } from '@preact/signals';
import { ApiError, messageOf } from '../api/client.js';
import { logOut, whoIsSignedIn } from '../api/auth.js';
import { onPortalSignedOut, portalMe as loadPortalMe, signOutOfPortal, type PortalMe } from '../api/portal.js';

export type { PortalMe };

/**
 * `unknown` while the first check runs; `signed-in`; `signed-out` (nobody, or after signing out);
 * `refused`: a console user signed in who is no person of the school (`refusal` says why).
 */
export type PortalState = 'unknown' | 'signed-in' | 'signed-out' | 'refused';

export const portalMe = signal<PortalMe | null>(null);
export const portalState = signal<PortalState>('unknown');
/** Why the portal refused a console user, in the server's words. */
export const portalRefusal = signal<string | null>(null);

let asking = 0;

/**
 * Asks the server who is signed in to the portal (a 401 is an answer here: nobody). The newest
 * question wins: the first check of a page and the one after spending a sign-in link may overlap,
 * and the older answer ("nobody") must not land after the newer one.
 */
export async function loadPortal(): Promise<void> {
  const mine = ++asking;
  let me: PortalMe;
  try {
    me = await loadPortalMe();
  } catch (e) {
    // A 401 with a console session open is about that user (no person of the school has their
    // address, or the portal is off): say so. Without one it is plainly "sign in".
    const console = e instanceof ApiError && e.status === 401 ? await whoIsSignedIn().catch(() => null) : null;
    if (mine !== asking) return;
    portalMe.value = null;
    portalRefusal.value = console ? messageOf(e) : null;
    portalState.value = console ? 'refused' : 'signed-out';
    return;
  }
  if (mine !== asking) return;
  portalMe.value = me;
  portalRefusal.value = null;
  portalState.value = 'signed-in';
}

/**
 * Ends the portal session on the server, then forgets who it was. A member of staff who came in with
 * their console session is signed out of that too: otherwise it would sign them straight back in.
 */
export async function signOutPortal(): Promise<void> {
  try {
    await signOutOfPortal();
    if (portalMe.value?.via === 'console') await logOut();
  } finally {
    portalMe.value = null;
    portalState.value = 'signed-out';
  }
}

// A call that finds the session gone (it expired, or ended elsewhere): back to the portal's sign-in.
onPortalSignedOut(() => {
  if (portalState.value === 'signed-in') {
    portalMe.value = null;
    portalState.value = 'signed-out';
  }
});
