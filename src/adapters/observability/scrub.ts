/**
 * Removes secrets from text that leaves the process in logs and error reports (SPEC §9: nothing ever
 * carries a key, a token or a setup link). Desk never puts a header, a cookie, a query string or a
 * body into either on purpose; this is the second line, for what a thrown error's message or stack
 * may happen to hold.
 */

const REDACTED = '[redacted]';

/** Each pattern and what it becomes. Order matters: the specific shapes before the catch-all. */
const PATTERNS: readonly (readonly [RegExp, string])[] = [
  // Credentials inside a URL (a database or Redis address): scheme://user:password@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*:[^\s/@]*@/gi, `$1${REDACTED}@`],
  // Desk API keys: desk_ + 32 base62 + 6 checksum characters (domain/identity/api-key.ts).
  [/\bdesk_[A-Za-z0-9]{16,}/g, `desk_${REDACTED}`],
  // Webhook signing secrets (Standard Webhooks).
  [/\bwhsec_[A-Za-z0-9+/=_-]{8,}/g, `whsec_${REDACTED}`],
  // JWTs (console sessions): three base64url parts, the first a JSON header.
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // Bearer credentials and token/password parameters (a setup link's #token=…, ?token=…, JSON fields).
  [/\b(Bearer\s+)\S+/gi, `$1${REDACTED}`],
  [/\b(token|password|secret|api[_-]?key)(["']?\s*[=:]\s*["']?)[^\s"'&,;}]+/gi, `$1$2${REDACTED}`],
  // Any other long opaque string: setup tokens (43 base64url characters), hashes, generated secrets.
  [/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g, REDACTED],
];

export type Scrub = (text: string) => string;

/**
 * What any of the patterns needs to find at least: a text without one of these cannot hold a secret
 * they would replace, so it is returned at once (every log line's every field goes through here).
 */
const MIGHT_HOLD_A_SECRET = /desk_|whsec_|eyJ|bearer|token|password|secret|api[_-]?key|:\/\/|[A-Za-z0-9_-]{40}/i;

/**
 * A scrubber for the patterns above plus the deployment's own configured secrets (JWT_SECRET,
 * METRICS_TOKEN, BUILD_INFO_TOKEN...), which are replaced wherever they appear, whatever their shape.
 */
export function createScrubber(knownSecrets: readonly (string | null | undefined)[] = []): Scrub {
  const literal = knownSecrets.filter((s): s is string => typeof s === 'string' && s.length >= 8);
  return (text) => {
    if (!MIGHT_HOLD_A_SECRET.test(text) && !literal.some((secret) => text.includes(secret))) return text;
    let out = text;
    for (const secret of literal) out = out.split(secret).join(REDACTED);
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
    return out;
  };
}

/** The patterns alone, for callers without configuration at hand. */
export const scrubSecrets: Scrub = createScrubber();

/** Applies `scrub` to every string inside a JSON-like value (objects and arrays are copied). */
export function scrubDeep<T>(value: T, scrub: Scrub, depth = 0): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, scrub, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubDeep(v, scrub, depth + 1);
  return out as T;
}
