/**
 * Every page of the requester portal (`/portal`, issue 30 point 1): its address, its title, how to
 * load it (each its own chunk) and whether the school offers it to the person signed in (its module
 * is on). The portal's navigation is read from this list, as the console's is from routes.ts. To add
 * a page: a file under pages/portal/ that exports the page as default, and an entry here.
 */
import type { PageRoute } from './page-props.js';
import { portalMe, type PortalMe } from './state/portal.js';

const offered = (what: keyof PortalMe['offers']) => () => portalMe.value?.offers[what] ?? false;

export const PORTAL_ROUTES: readonly PageRoute[] = [
  {
    path: '/portal',
    title: 'My requests',
    load: () => import('./pages/portal/index.js'),
    allowed: offered('tickets'),
    nav: { label: 'My requests', order: 0 },
  },
  // `/new` before `/:id`: the first pattern that matches an address wins.
  {
    path: '/portal/requests/new',
    title: 'New request',
    load: () => import('./pages/portal/requests/new.js'),
    allowed: offered('tickets'),
    nav: { label: 'New request', order: 10 },
  },
  {
    path: '/portal/requests/:id',
    title: 'Request',
    load: () => import('./pages/portal/requests/detail.js'),
    allowed: offered('tickets'),
  },
  {
    path: '/portal/device-problem',
    title: 'Report a device problem',
    load: () => import('./pages/portal/device-problem.js'),
    allowed: offered('repairs'),
    nav: { label: 'Report a device problem', order: 20 },
  },
  {
    path: '/portal/loans',
    title: 'My loans',
    load: () => import('./pages/portal/loans.js'),
    allowed: offered('loans'),
    nav: { label: 'My loans', order: 30 },
  },
  // Signing in: the link's landing, and the form shown at any address of the portal to nobody.
  {
    path: '/portal/sign-in',
    title: 'Sign in',
    load: () => import('./pages/portal/sign-in.js'),
  },
];

/** The pages offered in the portal's navigation, in order. */
export const portalNavigation = (): PageRoute[] =>
  PORTAL_ROUTES.filter((r) => r.nav && (r.allowed?.() ?? true)).sort((a, b) => a.nav!.order - b.nav!.order);
