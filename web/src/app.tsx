/**
 * The console: who is signed in decides between the sign-in screens and the shell; the shell is the
 * navigation, the live-updates state, the user's menu, and the page the address names (loaded on
 * first visit). Pages never decide access on their own: `allowed` in routes.ts does, from the
 * permissions the server reported, and the server checks every call again.
 *
 * Every address under `/portal` is the requester portal instead (portal.tsx, its own chunk), whoever
 * is signed in to the console: it has its own session and sign-in, and the console's session is not
 * even asked for there, nor its event stream opened.
 */
import type { ComponentType } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { onSessionEnded } from './api/client.js';
import { liveState, restartEvents, startEvents, stopEvents } from './api/events.js';
import { PageRoutes, type PageProps } from './page-props.js';
import { isPortalPath } from './portal-paths.js';
import { Link, location, match, navigate } from './router.js';
import { navigation, ROUTES } from './routes.js';
import { ShortcutSheet, useShortcuts } from './shortcuts.js';
import { loadSession, me, sessionState, signOut } from './state/session.js';
import { setTheme, theme, type ThemeChoice } from './theme.js';
import { ConfirmHost } from './ui/confirm.js';
import { NoticeHost } from './ui/notices.js';
import { Loading } from './ui/page.js';
import AuthorizePage from './pages/authorize/index.js';
import NotFound from './pages/not-found/index.js';
import SetupPage from './pages/setup/index.js';
import SignedOut from './pages/signed-out/index.js';
import SignIn from './pages/sign-in/index.js';

// One lazy component per route, made once: a page's chunk is fetched on its first visit.
const pages: Readonly<Record<string, ComponentType<PageProps>>> = Object.fromEntries(
  ROUTES.map((r) => [r.path, lazy(r.load)]),
);
const PortalApp = lazy(() => import('./portal.js'));

/**
 * Pages outside the console's frame, signed in or not (the consent page asks for sign-in itself, and
 * shows a refused request to anyone).
 */
const PUBLIC: Record<string, () => preact.JSX.Element> = {
  '/setup': () => <SetupPage />,
  '/signed-out': () => <SignedOut />,
  '/authorize': () => <AuthorizePage />,
};

onSessionEnded(() => {
  if (sessionState.value === 'signed-in') {
    sessionState.value = 'ended';
    stopEvents();
  }
});

export function App() {
  const state = sessionState.value;
  const path = location.value.path;
  const portal = isPortalPath(path);
  // Who is signed in to the console is asked once, and only by the console's own pages.
  useEffect(() => {
    if (!portal && state === 'unknown') void loadSession();
  }, [portal, state]);
  useEffect(() => {
    if (state === 'signed-in' && !portal) startEvents();
    else stopEvents();
  }, [state, portal]);

  if (portal) {
    return (
      <Suspense fallback={<Loading label="Opening…" />}>
        <PortalApp />
      </Suspense>
    );
  }
  const open = PUBLIC[path];
  if (open) return open();
  if (state === 'unknown') return <Loading label="Opening Desk…" />;
  // Signed out, or the session ended under the user: sign in, then carry on where they were.
  if (state !== 'signed-in') return <SignIn ended={state === 'ended'} />;
  return <Shell />;
}

function Shell() {
  useShortcuts();
  const path = location.value.path;
  const found = useMemo(() => {
    for (const route of ROUTES) {
      const params = match(route.path, path);
      if (params) return { route, params };
    }
    return null;
  }, [path]);
  const allowed = found && (found.route.allowed?.() ?? true);
  const Page = found && allowed ? pages[found.route.path] : null;
  const props: PageProps = { params: found?.params ?? {} };
  const entries = navigation();
  const current = currentEntry(entries, path);
  // Below tablet width the navigation folds behind the Menu button; it closes when a page is chosen.
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <PageRoutes.Provider value={ROUTES}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="app-header">
        <Link href="/" class="brand">
          Desk <span class="brand-school">{me.value?.tenant.name}</span>
        </Link>
        <button
          type="button"
          class="menu-button"
          aria-expanded={menuOpen ? 'true' : 'false'}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <nav aria-label="Main" id="main-nav" class={`main-nav${menuOpen ? ' main-nav-open' : ''}`}>
          <ul>
            {entries.map((r) => (
              <li key={r.path}>
                <Link
                  href={r.path}
                  aria-current={r.path === current ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {r.nav!.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="header-tools">
          <LiveIndicator />
          <ThemeSwitch />
          <button
            type="button"
            onClick={async () => {
              await signOut();
              // A full load: nothing of this page stays in memory, or in the back/forward cache.
              window.location.replace('/signed-out');
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {Page ? (
          <Suspense fallback={<Loading />}>
            <Page {...props} />
          </Suspense>
        ) : (
          <NotFound forbidden={found !== null} />
        )}
      </main>
      <ShortcutSheet />
      <ConfirmHost />
      <NoticeHost />
    </PageRoutes.Provider>
  );
}

/**
 * The one navigation entry the page belongs to: the longest whose path is the page's or a prefix of
 * it (Bookings at /loans/bookings, not Loans as well), Home only at `/`.
 */
function currentEntry(entries: readonly { path: string }[], path: string): string | undefined {
  const within = (target: string) => (target === '/' ? path === '/' : path === target || path.startsWith(`${target}/`));
  return entries
    .map((e) => e.path)
    .filter(within)
    .sort((a, b) => b.length - a.length)[0];
}

function LiveIndicator() {
  const state = liveState.value;
  if (state === 'live') {
    return (
      <span class="live live-on" role="status">
        Live
      </span>
    );
  }
  return (
    <span class={`live live-${state}`} role="status">
      {state === 'paused' ? 'Live updates paused' : 'Connecting…'}
      {state === 'paused' && (
        <button type="button" class="link-button" onClick={restartEvents}>
          Retry
        </button>
      )}
    </span>
  );
}

function ThemeSwitch() {
  return (
    <span class="theme-switch">
      <label for="theme-switch" class="visually-hidden">
        Theme
      </label>
      <select id="theme-switch" value={theme.value} onChange={(e) => setTheme(e.currentTarget.value as ThemeChoice)}>
        <option value="system">System theme</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </span>
  );
}

export { navigate };
