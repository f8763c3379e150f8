/**
 * What the shell gives every page: its props, and through context the list of pages (routes.ts),
 * which a page asks to list pages (Settings) or to tell whether a link would open (RecordLink). The
 * list loads the pages, so a page that imported it would import itself round; here it is handed down.
 */
import { createContext, type ComponentType } from 'preact';

export interface PageProps {
  /** The named parts of the address (`/people/:id` → `{id}`). */
  readonly params: Readonly<Record<string, string>>;
}

/** One page of the list in routes.ts. */
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
  /** Listed on the Settings page (administration), with what it is for. */
  readonly settings?: { readonly label: string; readonly description: string; readonly order: number };
}

/** Every page of the console (routes.ts' ROUTES), provided by the shell (app.tsx). */
export const PageRoutes = createContext<readonly PageRoute[]>([]);
