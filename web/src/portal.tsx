/**
 * The requester portal (`/portal`, issue 30 point 1): pupils and staff asking the IT team for help
 * and following their own requests, loans and device problems, with no console account. It is an app
 * of its own inside the console's bundle: its own session (state/portal.ts), its own sign-in (a link
 * e-mailed to the person, or the school's single sign-on), its own small navigation of the pages the
 * school offers (portal-routes.ts), and none of the console's frame: no console sign-in, no console
 * navigation, no live-event stream. Its pages are loaded on first visit, as the console's are.
 */
import type { ComponentType } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { PageProps } from './page-props.js';
import { PORTAL, PORTAL_SIGN_IN } from './portal-paths.js';
import { PORTAL_ROUTES, portalNavigation } from './portal-routes.js';
import { Link, location, match, navigate } from './router.js';
import { loadPortal, portalMe, portalState, signOutPortal } from './state/portal.js';
import { useArrivalFocus } from './ui/arrival-focus.js';
import { NoticeHost } from './ui/notices.js';
import { Loading } from './ui/page.js';
import './pages/portal/portal.css';

// One lazy component per page, made once: a page's chunk is fetched on its first visit.
const pages: Readonly<Record<string, ComponentType<PageProps>>> = Object.fromEntries(
  PORTAL_ROUTES.map((r) => [r.path, lazy(r.load)]),
);
const SignIn = pages[PORTAL_SIGN_IN]!;

export default function PortalApp() {
  const state = portalState.value;
  const path = location.value.path;
  useEffect(() => {
    if (portalState.peek() === 'unknown') void loadPortal();
  }, []);

  // The sign-in link's landing spends its token whoever is signed in; anyone not signed in gets the
  // sign-in form at the address they opened, and carries on there after single sign-on.
  if (path === PORTAL_SIGN_IN || state === 'signed-out' || state === 'refused') {
    return (
      <Suspense fallback={<Loading label="Opening…" />}>
        <SignIn params={{}} />
      </Suspense>
    );
  }
  if (state === 'unknown') return <Loading label="Opening…" />;
  return <Shell />;
}

function Shell() {
  const path = location.value.path;
  const me = portalMe.value!;
  const found = useMemo(() => {
    for (const route of PORTAL_ROUTES) {
      const params = match(route.path, path);
      if (params) return { route, params };
    }
    return null;
  }, [path]);
  const allowed = found !== null && (found.route.allowed?.() ?? true);
  const Page = found && allowed ? pages[found.route.path] : null;
  const entries = portalNavigation();
  // A request's page belongs under My requests; any other page is its own entry.
  const current = found?.route.path === '/portal/requests/:id' ? PORTAL : found?.route.path;
  // The portal's home is its first page the school offers (My requests, unless the help desk is off).
  const home = entries[0]?.path;
  useEffect(() => {
    if (path === PORTAL && !allowed && home && home !== PORTAL) navigate(home, { replace: true });
  }, [path, allowed, home]);

  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="portal-header">
        <Link href={PORTAL} class="brand portal-brand">
          {me.school.name} <span class="brand-school">IT help</span>
        </Link>
        <nav aria-label="Main" class="portal-nav">
          <ul>
            {entries.map((r) => (
              <li key={r.path}>
                <Link href={r.path} aria-current={r.path === current ? 'page' : undefined}>
                  {r.nav!.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="portal-person">
          <span class="portal-name">{me.person.name}</span>
          <button
            type="button"
            onClick={async () => {
              await signOutPortal();
              // A full load: nothing of this page stays in memory, or in the back/forward cache.
              window.location.replace(`${PORTAL_SIGN_IN}?${new URLSearchParams({ school: me.school.slug, out: '1' })}`);
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" class="portal-main" tabIndex={-1}>
        {Page ? (
          <Suspense fallback={<Loading />}>
            <Page key={path} params={found!.params} />
          </Suspense>
        ) : path === PORTAL && home && home !== PORTAL ? (
          <Loading />
        ) : (
          <Missing nothingOffered={!home} />
        )}
      </main>
      <NoticeHost />
    </>
  );
}

/** An address the portal has no page for, or one of a part the school has turned off. */
function Missing(props: { nothingOffered: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading);
  useEffect(() => {
    document.title = 'Page not found · IT help';
  }, []);
  if (props.nothingOffered) {
    return (
      <section>
        <h1 ref={heading} tabIndex={-1}>
          Nothing here yet
        </h1>
        <p>Your school has not turned on any part of this help page. Ask your school's IT team for help.</p>
      </section>
    );
  }
  return (
    <section>
      <h1 ref={heading} tabIndex={-1}>
        Page not found
      </h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link href={PORTAL}>Go to the start</Link>
      </p>
    </section>
  );
}
