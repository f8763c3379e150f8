/**
 * Where the requester portal lives: every address under `/portal` is the portal's, never the
 * console's (app.tsx). Its own module, so the portal's pages, its route list and the console's app
 * can all name these without importing one another.
 */
export const PORTAL = '/portal';
/** The sign-in form, and the landing of the link e-mailed to sign in (`#token=…`). */
export const PORTAL_SIGN_IN = '/portal/sign-in';

export const isPortalPath = (path: string): boolean => path === PORTAL || path.startsWith(`${PORTAL}/`);
