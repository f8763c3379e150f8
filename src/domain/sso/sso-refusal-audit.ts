import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { recordChange } from '../shared/record-change.js';
import type { SsoRefusal } from './refusals.js';

/** What the audit log keeps of a refused single sign-on (never a token, a code or a secret). */
export interface SsoRefusalRecord {
  readonly reason: SsoRefusal;
  /** The school's provider, when it has one. */
  readonly issuer: string | null;
  /** The e-mail address the provider vouched for (or not), when it sent one. */
  readonly email?: string | undefined;
  /** The provider's account, when the refusal is about it. */
  readonly subject?: string | undefined;
  /** The Desk user the refusal is about, when one was found. */
  readonly userId?: string | undefined;
  /** What failed, in the provider's or the library's words (an OAuth error code, a failed check). */
  readonly detail?: string | undefined;
}

/** At most this much of any text from the provider goes into the log. */
const MAX_TEXT = 320;
const clip = (s: string | undefined) => (s === undefined ? undefined : s.slice(0, MAX_TEXT));

/**
 * Audits a refused single sign-on as `auth.sso_refused` in the school's log, in the caller's
 * transaction. The actor is anonymous: nobody was signed in.
 */
export function recordRefusal(
  repos: Repositories,
  ids: IdGenerator,
  tenantId: string,
  at: string,
  refusal: SsoRefusalRecord,
): Promise<void> {
  const details = Object.fromEntries(
    Object.entries({
      reason: refusal.reason,
      issuer: refusal.issuer,
      email: clip(refusal.email),
      subject: clip(refusal.subject),
      detail: clip(refusal.detail),
    }).filter(([, v]) => v !== undefined),
  );
  return recordChange(repos, ids, {
    tenantId,
    actor: { type: 'anonymous', id: 'sso' },
    action: 'auth.sso_refused',
    target: refusal.userId ? `user:${refusal.userId}` : 'sso',
    at,
    details,
  });
}
