/**
 * A one-use administrator recovery link (SPEC §9). Only a hash of its token is stored; the file it
 * was written to is remembered so that the file can be removed once the link is used.
 */
export interface SetupLink {
  readonly id: string;
  /**
   * `recovery`: an administrator's recovery link (`desk setup-link`), four hours, for an active
   * school administrator only. `invitation`: a new user's first password, seven days, for any
   * active user. Either replaces every open link of the user.
   */
  readonly purpose: SetupLinkPurpose;
  readonly userId: string;
  readonly tokenHash: string;
  readonly filePath: string | null;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly usedAt: string | null;
  readonly replacedAt: string | null;
}

export type SetupLinkPurpose = 'recovery' | 'invitation';

export const SETUP_LINK_TTL_MS = 4 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** 32 random bytes: 256 bits, well above the 128 the spec asks for. */
export const SETUP_TOKEN_BYTES = 32;

export type SetupLinkState = 'usable' | 'used' | 'replaced' | 'expired';
export function setupLinkState(link: SetupLink, now: string): SetupLinkState {
  if (link.usedAt) return 'used';
  if (link.replacedAt) return 'replaced';
  if (link.expiresAt <= now) return 'expired';
  return 'usable';
}
