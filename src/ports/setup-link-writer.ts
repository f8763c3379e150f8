import type { SetupLinkPurpose } from '../domain/identity/setup-link.js';

export interface SetupLinkDocument {
  /** `recovery`: an administrator's recovery link; `invitation`: a new user's first password. */
  readonly purpose: SetupLinkPurpose;
  /** The user the link is for (an invitation's file is named after it). */
  readonly userId: string;
  readonly url: string;
  readonly email: string;
  readonly tenantName: string;
  readonly expiresAt: string;
}

/**
 * Writes a setup link into an owner-only file (mode 0600) in the install directory, and removes it
 * after use: an administrator's recovery link to `.setup-link.html` (one at a time), a user's
 * invitation to a file of that user's own, so the operator can invite several people at once. The
 * page says which of the two it holds. The link is a secret: implementations never log it.
 */
export abstract class SetupLinkWriter {
  /** Writes (or replaces) the file and returns its absolute path. */
  abstract write(doc: SetupLinkDocument): Promise<string>;
  /**
   * Removes the file at `path` only if it still holds the link carrying `token` (a newer link's file
   * stays); a missing file is not an error. By the token, not the whole address: the command that
   * wrote the file and the server that sees the link used may disagree on PUBLIC_URL (its port).
   */
  abstract removeIfHolds(path: string, token: string): Promise<void>;
}
