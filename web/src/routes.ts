/**
 * Every page of the console: its address pattern, its title, how to load it (each page is its own
 * chunk, fetched on first visit) and who may see it. The navigation, the keyboard shortcuts and the
 * "not for you" answer are all read from this one list. To add a page: a folder under pages/ whose
 * index.tsx exports the page as default, and an entry here.
 */
import type { ComponentType } from 'preact';
import { can } from './state/session.js';

export interface PageProps {
  /** The named parts of the address (`/people/:id` → `{id}`). */
  readonly params: Readonly<Record<string, string>>;
}

export interface PageRoute {
  readonly path: string;
  readonly title: string;
  readonly load: () => Promise<{ default: ComponentType<PageProps> }>;
  /** Whether the signed-in user may open it (their permissions and the school's modules). */
  readonly allowed?: () => boolean;
  /** Its place in the main navigation, with the link's name. */
  readonly nav?: { readonly label: string; readonly order: number };
  /** `g` then this key goes here (see shortcuts.tsx). */
  readonly shortcut?: string;
}

export const ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    title: 'Home',
    load: () => import('./pages/home/index.js'),
    nav: { label: 'Home', order: 0 },
    shortcut: 'h',
  },
  {
    path: '/settings',
    title: 'Settings',
    load: () => import('./pages/settings/index.js'),
    nav: { label: 'Settings', order: 90 },
    shortcut: ',',
  },
];

/** The pages a signed-in user is offered in the navigation, in order. */
export const navigation = (): PageRoute[] =>
  ROUTES.filter((r) => r.nav && (r.allowed?.() ?? true)).sort((a, b) => a.nav!.order - b.nav!.order);

/** Re-exported for routes: `allowed: () => can('module.loans', 'loan.view')`. */
export { can };
