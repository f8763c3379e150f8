import type { SetupLinkDocument, SetupLinkWriter } from '../../../src/ports/setup-link-writer.js';

/**
 * Records what would be written to `.setup-link.html` (a recovery link) or a user's invitation file
 * instead of touching the disk. Keeps the rule of the port: `removeIfHolds` removes a file only while
 * it still holds the link with that token.
 */
export class RecordingSetupLinkWriter implements SetupLinkWriter {
  /** Every document written, oldest first. */
  readonly documents: SetupLinkDocument[] = [];
  /** Every path removed, in order. */
  readonly removed: string[] = [];
  /** When set, the next `write` throws this error (a full disk, a read-only directory). */
  failNextWrite: Error | null = null;
  /** The link each existing file holds. */
  private readonly files = new Map<string, string>();

  constructor(readonly path = '/srv/desk/.setup-link.html') {}

  /** Where a user's invitation goes, as the real writer names it. */
  invitationPath(userId: string): string {
    return this.path.replace(/[^/]*$/, `.invitation-${userId}.html`);
  }

  async write(doc: SetupLinkDocument): Promise<string> {
    if (this.failNextWrite) {
      const error = this.failNextWrite;
      this.failNextWrite = null;
      throw error;
    }
    const path = doc.purpose === 'invitation' ? this.invitationPath(doc.userId) : this.path;
    this.documents.push(doc);
    this.files.set(path, doc.url);
    return path;
  }

  async removeIfHolds(path: string, token: string): Promise<void> {
    if (!this.files.get(path)?.includes(`token=${token}`)) return;
    this.files.delete(path);
    this.removed.push(path);
  }

  /** True while a file exists at `path`. */
  exists(path = this.path): boolean {
    return this.files.has(path);
  }
}
