/**
 * The address bar as state. Every page reads where it is (path and query) from `location`, and
 * changes it with `navigate` or `setQuery`: filters and pages live in the URL, so a reload or a
 * shared link shows the same thing.
 */
import { computed, signal } from '@preact/signals';
import type { AnchorHTMLAttributes } from 'preact';

export interface Location {
  readonly path: string;
  readonly search: string;
}

const here = (): Location => ({ path: window.location.pathname, search: window.location.search });

export const location = signal<Location>(here());

/** The query string of the current address. */
export const query = computed(() => new URLSearchParams(location.value.search));

window.addEventListener('popstate', () => {
  location.value = here();
});

/** Goes to `to` (a path with an optional query) inside the app, without a page load. */
export function navigate(to: string, o: { replace?: boolean } = {}): void {
  if (to === window.location.pathname + window.location.search) return;
  if (o.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  location.value = here();
  window.scrollTo(0, 0);
}

/**
 * Changes some query parameters of the current address (an empty value removes one). A change of
 * filters starts again at the first page, unless `page` itself is being set.
 */
export function setQuery(
  changes: Record<string, string | number | null | undefined>,
  o: { replace?: boolean } = {},
): void {
  const params = new URLSearchParams(location.value.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  if (!('page' in changes)) params.delete('page');
  const qs = params.toString();
  const to = location.value.path + (qs ? `?${qs}` : '');
  if (o.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  location.value = here();
}

/** Matches `path` against a pattern such as `/people/:id`; the named parts, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const found = new RegExp(`^${source}/?$`).exec(path);
  if (!found) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(found[i + 1]!)]));
}

/**
 * A link inside the app: a real `<a href>` (open in a new tab, copy, middle-click all work), whose
 * plain click navigates without a page load.
 */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { onClick, ...rest } = props;
  return (
    <a
      {...rest}
      onClick={(e) => {
        onClick?.(e as never);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (props.target && props.target !== '_self') return;
        e.preventDefault();
        navigate(props.href);
      }}
    />
  );
}
