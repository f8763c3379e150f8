/**
 * A real SMTP server on loopback (the smtp-server package) that keeps what it receives, for the alert
 * tests: Desk's mailer talks to it over TCP exactly as to a school's relay.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  /** The raw message (headers and body) as it arrived. */
  readonly raw: string;
  readonly subject: string;
}

export interface TestSmtp {
  readonly url: string;
  readonly received: ReceivedMail[];
  /** SMTP sessions opened so far (a pooled sender opens few). */
  readonly connections: number;
  /** While true, every message is refused with a temporary 451 after its data (nothing is kept). */
  refusing: boolean;
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const state = { connections: 0, refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Desk's mailer keeps its pooled sessions open: closing does not wait for them to go idle.
    closeTimeout: 50,
    onConnect(_session, callback) {
      state.connections++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.refusing) {
          const refusal = Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 });
          callback(refusal);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get connections() {
      return state.connections;
    },
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} e-mail(s), received ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a received message, unfolded (RFC 5322 §2.2.3), or null when it has none. */
export const headerOf = (m: Pick<ReceivedMail, 'raw'>, name: string): string | null => {
  const head = m.raw.slice(0, m.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? null;
};

/** A received message as a mail reader shows its text: quoted-printable undone (RFC 2045 §6.7). */
export const textOf = (m: Pick<ReceivedMail, 'raw'>): string =>
  m.raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
