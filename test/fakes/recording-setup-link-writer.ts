import type { SetupLinkDocument, SetupLinkWriter } from '../../src/ports/setup-link-writer.js';

/**
 * Records what would be written to `.setup-link.html` instead of touching the disk. Keeps the rule of
 * the port: `removeIfHolds` removes the file only while it still holds the link with that token.
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

  async write(doc: SetupLinkDocument): Promise<string> {
    if (this.failNextWrite) {
      const error = this.failNextWrite;
      this.failNextWrite = null;
      throw error;
    }
    this.documents.push(doc);
    this.files.set(this.path, doc.url);
    return this.path;
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
