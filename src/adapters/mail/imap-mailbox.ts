import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { ImapFlow } from 'imapflow';
import {
  MailboxClient,
  MailboxUnavailable,
  type InboxMessage,
  type MailboxAccess,
  type MailboxSession,
} from '../../ports/mailbox-client.js';

/**
 * The certificates an IMAP server's may chain to: Node's own, and NODE_EXTRA_CA_CERTS read when a
 * connection opens (a school's mail server behind its own CA; the tests' throwaway one), as Node
 * would read it at start.
 */
function trusted(): string[] {
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  if (!extra) return [...rootCertificates];
  try {
    return [...rootCertificates, readFileSync(extra, 'utf8')];
  } catch {
    return [...rootCertificates];
  }
}

const reason = (error: unknown): string => {
  const e = error as { authenticationFailed?: boolean; code?: string; responseText?: string; message?: string };
  if (e?.authenticationFailed) return 'the server refused the user name or password';
  if (e?.code === 'ECONNREFUSED') return 'nothing answers at that address and port';
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN') return 'the server name does not resolve';
  if (e?.code === 'ETIMEDOUT' || e?.code === 'NoConnection') return 'the server did not answer in time';
  if (/certificate|self.signed|CERT_/i.test(String(e?.code ?? e?.message)))
    return "the server's TLS certificate is not trusted";
  return e?.responseText ?? e?.message ?? String(error);
};

/**
 * IMAP over TLS (implicit, port 993 by default) through ImapFlow, the IMAP client of the nodemailer
 * project. A session holds the inbox open by UID; `moveProcessed` sets \Seen and moves with MOVE
 * (or COPY and expunge of that one message where the server lacks MOVE: ImapFlow decides), creating
 * the folder when it is missing. ImapFlow is loaded with the first mailbox, not at start.
 */
export class ImapMailboxClient extends MailboxClient {
  async open(access: MailboxAccess): Promise<MailboxSession> {
    const { ImapFlow } = await import('imapflow');
    const client: ImapFlow = new ImapFlow({
      host: access.host,
      port: access.port,
      secure: true,
      tls: { ca: trusted(), servername: access.host === '127.0.0.1' ? 'localhost' : access.host },
      auth: { user: access.username, pass: access.password },
      logger: false,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    // A connection that fails after opening reports here; the session's next call then fails too.
    client.on('error', () => undefined);
    try {
      await client.connect();
      const inbox = await client.mailboxOpen('INBOX');
      return new ImapSession(client, String(inbox.uidValidity));
    } catch (error) {
      await client.logout().catch(() => undefined);
      throw new MailboxUnavailable(reason(error));
    }
  }
}

class ImapSession implements MailboxSession {
  private readonly made = new Set<string>();

  constructor(
    private readonly client: ImapFlow,
    readonly uidValidity: string,
  ) {}

  private guard<T>(work: () => Promise<T>): Promise<T> {
    return work().catch((error: unknown) => {
      throw new MailboxUnavailable(reason(error));
    });
  }

  messagesAfter(after: number, limit: number): Promise<InboxMessage[]> {
    return this.guard(async () => {
      const found: InboxMessage[] = [];
      // `n:*` always names the newest message, even below n: keep only those above `after`.
      for await (const m of this.client.fetch(`${after + 1}:*`, { uid: true, size: true }, { uid: true })) {
        if (m.uid > after) found.push({ uid: m.uid, size: m.size ?? 0 });
      }
      return found.sort((a, b) => a.uid - b.uid).slice(0, limit);
    });
  }

  fetch(uid: number): Promise<Buffer> {
    return this.guard(async () => {
      const m = await this.client.fetchOne(String(uid), { source: true }, { uid: true });
      if (!m || !m.source) throw new Error(`message ${uid} is no longer in the inbox`);
      return m.source;
    });
  }

  moveProcessed(uids: readonly number[], folder: string): Promise<void> {
    if (uids.length === 0) return Promise.resolve();
    return this.guard(async () => {
      if (!this.made.has(folder)) {
        // Made once per session; an existing folder answers ALREADYEXISTS, which is what we want.
        await this.client.mailboxCreate(folder).catch(() => undefined);
        this.made.add(folder);
      }
      // One UID set for the look's messages: two commands, not two a message (bench:mail).
      const set = uids.join(',');
      await this.client.messageFlagsAdd(set, ['\\Seen'], { uid: true });
      const moved = await this.client.messageMove(set, folder, { uid: true });
      if (moved === false) throw new Error(`the server would not move messages ${set} to ${folder}`);
    });
  }

  folders(): Promise<string[]> {
    return this.guard(async () => (await this.client.list()).map((f) => f.path).sort());
  }

  async close(): Promise<void> {
    await this.client.logout().catch(() => undefined);
  }
}
