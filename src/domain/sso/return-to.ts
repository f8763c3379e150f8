/**
 * Where a single sign-on goes back to: a path on Desk's own origin, never another site (an open
 * redirect would let a link that starts at Desk end anywhere, with the school's trust).
 */
import { hasControlCharacters } from '../shared/text.js';
import type { SsoRefusal } from './refusals.js';

export const RETURN_TO_MAX_LENGTH = 2_000;

/** The query parameter that carries a refusal's reason back to the sign-in page. */
export const REFUSAL_PARAM = 'sso';

const PROBE_ORIGIN = 'https://desk.invalid';

/**
 * `raw` when it is a path on this origin: it starts with exactly one `/` (never `//` or `/\`, which a
 * browser reads as another host), holds no backslash, whitespace or control character (browsers drop
 * tabs and line breaks from a URL, turning `/\t/evil.example` into `//evil.example`), is at most
 * 2,000 characters, and resolves on the same origin. Anything else is `/`. A refusal reason left in
 * it from an earlier attempt is dropped.
 */
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_TO_MAX_LENGTH) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw) || hasControlCharacters(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE_ORIGIN) return '/';
  url.searchParams.delete(REFUSAL_PARAM);
  return url.pathname + url.search + url.hash;
}

/** The return path with the refusal's reason in its query, for the sign-in page to explain. */
export function withRefusal(returnTo: string, reason: SsoRefusal): string {
  const url = new URL(safeReturnTo(returnTo), PROBE_ORIGIN);
  url.searchParams.set(REFUSAL_PARAM, reason);
  return url.pathname + url.search + url.hash;
}
