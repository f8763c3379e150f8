export interface SetupLinkDocument {
  readonly url: string;
  readonly email: string;
  readonly tenantName: string;
  readonly expiresAt: string;
}

/**
 * Writes the administrator recovery file (`.setup-link.html` in the install directory, mode 0600)
 * and removes it after use. The link is a secret: implementations never log it.
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
