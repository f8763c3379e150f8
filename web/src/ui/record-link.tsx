/**
 * A link to another record's page when the console has that page and the user may open it; plain
 * text otherwise (a page not built yet, a module that is off, a permission the user lacks), so a
 * profile never offers a link that ends at "not available".
 */
import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { PageRoutes, type PageRoute } from '../page-props.js';
import { Link, match } from '../router.js';

export const canOpen = (routes: readonly PageRoute[], href: string): boolean => {
  const path = href.split('?')[0]!;
  const route = routes.find((r) => match(r.path, path));
  return route !== undefined && (route.allowed?.() ?? true);
};

export function RecordLink(props: { readonly href: string; readonly children: ComponentChildren }) {
  const routes = useContext(PageRoutes);
  return canOpen(routes, props.href) ? <Link href={props.href}>{props.children}</Link> : <>{props.children}</>;
}
