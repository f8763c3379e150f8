import { randomBytes } from 'node:crypto';
import { createServer, request } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryJobLock } from '../../../src/adapters/system/memory-job-lock.js';
import { NoMailer, SmtpMailer } from '../../../src/adapters/mail/smtp-mailer.js';
import { MailNotTaken } from '../../../src/ports/mailer.js';
import { isPublicAddress, PublicAddressGuard } from '../../../src/adapters/outbound/public-address-guard.js';
import { AesSecretBox } from '../../../src/adapters/system/aes-secret-box.js';
import { startSmtp, type TestSmtp } from '../../support/smtp.js';
import { startReceiver, verified } from '../../support/receiver.js';
import { HttpWebhookSender, retryAfterMs } from '../../../src/adapters/outbound/http-webhook-sender.js';
import { HttpsClientMetadataDocuments } from '../../../src/adapters/outbound/https-client-metadata.js';
import { PinoLogger } from '../../../src/adapters/observability/index.js';
import { ClientMetadataUnavailable } from '../../../src/ports/client-metadata.js';

const key = () => randomBytes(32).toString('base64url');

describe('AesSecretBox', () => {
  it('opens what it sealed, and seals the same secret differently each time', () => {
    const box = new AesSecretBox(key());
    const a = box.seal('whsec_abc');
    expect(a).not.toContain('whsec_abc');
    expect(box.seal('whsec_abc')).not.toBe(a);
    expect(box.open(a)).toBe('whsec_abc');
    expect(box.isCurrent(a)).toBe(true);
  });

  it('keeps opening values of the previous key during a rotation, and refuses an unknown key', () => {
    const oldKey = key();
    const sealed = new AesSecretBox(oldKey).seal('s3cret');
    const rotated = new AesSecretBox(key(), oldKey);
    expect(rotated.open(sealed)).toBe('s3cret');
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(() => new AesSecretBox(key()).open(sealed)).toThrow(/does not hold/);
  });

  it('refuses an altered value', () => {
    const box = new AesSecretBox(key());
    const parts = box.seal('secret').split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});

describe('PublicAddressGuard', () => {
  it('calls only public unicast addresses public', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a)).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254', // cloud metadata
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses non-http URLs, credentials, private literals and names resolving to private addresses', async () => {
    const guard = new PublicAddressGuard(false);
    expect(await guard.refusal('ftp://example.com/')).toMatch(/http/);
    expect(await guard.refusal('not a url')).toMatch(/URL/);
    expect(await guard.refusal('https://user:pw@example.com/')).toMatch(/password/);
    expect(await guard.refusal('http://127.0.0.1:8080/hook')).toMatch(/not a public address/);
    expect(await guard.refusal('http://[::1]/hook')).toMatch(/not a public address/);
    expect(await guard.refusal('http://169.254.169.254/latest/meta-data')).toMatch(/not a public address/);
    expect(await guard.refusal('http://localhost:9/hook')).toMatch(/resolves to/);
    expect(await guard.refusal('https://8.8.8.8/')).toBeNull();
  });

  it('allows private receivers when the operator says so', async () => {
    expect(await new PublicAddressGuard(true).refusal('http://127.0.0.1:8080/hook')).toBeNull();
    expect(await new PublicAddressGuard(true).refusal('file:///etc/passwd')).toMatch(/http/);
  });

  it('refuses at connection time a name that resolves to a private address', async () => {
    const server = createServer((_req, res) => res.end('reached'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const get = (guard: PublicAddressGuard) =>
      new Promise<string>((resolve) => {
        const req = request({ host: 'localhost', port, path: '/', lookup: guard.lookup, family: 4 }, (res) => {
          res.resume();
          res.on('end', () => resolve(`status ${res.statusCode}`));
        });
        req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
        req.end();
      });
    try {
      expect(await get(new PublicAddressGuard(false))).toBe('EADDRNOTPUBLIC');
      expect(await get(new PublicAddressGuard(true))).toBe('status 200');
    } finally {
      server.close();
    }
  });
});

describe('HttpsClientMetadataDocuments', () => {
  it('tells whoever asked only that a host is not public, and logs what the name resolved to', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = new PinoLogger('info', { destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
    const documents = new HttpsClientMetadataDocuments(new PublicAddressGuard(false), log);
    const error = await documents.fetch('https://localhost:1/oauth/client.json').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientMetadataUnavailable);
    // An anonymous caller learns nothing of the internal network: not what the name resolves to.
    expect((error as ClientMetadataUnavailable).reason).toBe('localhost is not a public address');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        host: 'localhost',
        detail: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/),
      }),
    ]);
  });
});

describe('SmtpMailer', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  it('hands a message to a real SMTP server', async () => {
    const mailer = new SmtpMailer(smtp.url, 'desk@school.example');
    await mailer.send({
      to: ['it@school.example', 'head@school.example'],
      subject: 'Backup failed',
      text: 'disk full',
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.from).toBe('desk@school.example');
    expect(mail!.to).toEqual(['it@school.example', 'head@school.example']);
    expect(mail!.subject).toBe('Backup failed');
    expect(mail!.raw).toContain('disk full');
    await mailer.close();
  });

  it('rejects when the server cannot be reached, and NoMailer sends nothing', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'desk@school.example');
    // Certainly not taken: nothing was ever connected, so sending again cannot make a second copy.
    const error = await mailer.send({ to: ['a@b.example'], subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailNotTaken);
    expect((error as MailNotTaken).responseCode).toBeNull();
    await mailer.close();
    expect(new NoMailer().configured).toBe(false);
  });

  it('reports a refusal as not taken, with the code, and keeps bcc out of the headers over one pooled session', async () => {
    const mailer = new SmtpMailer(smtp.url, 'desk@school.example');
    smtp.refusing = true;
    const error = await mailer.send({ to: ['a@b.example'], subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailNotTaken);
    expect((error as MailNotTaken).responseCode).toBe(451);
    smtp.refusing = false;
    const before = smtp.received.length;
    const sessions = smtp.connections;
    for (let i = 0; i < 5; i++) {
      await mailer.send({ to: ['pupil@school.example'], bcc: ['mum@home.example'], subject: `n${i}`, text: 't' });
    }
    const mails = await smtp.waitFor(before + 5);
    const last = mails[mails.length - 1]!;
    expect(last.to).toEqual(['pupil@school.example', 'mum@home.example']);
    expect(last.raw.slice(0, last.raw.indexOf('\r\n\r\n'))).not.toContain('mum@home.example');
    // The pool kept its session: five messages, at most one new connection.
    expect(smtp.connections - sessions).toBeLessThanOrEqual(1);
    await mailer.close();
  });
});

describe('SmtpMailer when the server hangs up after the message', () => {
  it('rejects with an error that is not MailNotTaken: the message may have arrived', async () => {
    // A relay that takes the whole message and then drops the connection instead of answering.
    let tookMessage = false;
    const server = createNetServer((socket) => {
      let inData = false;
      let buffer = '';
      socket.write('220 relay.example ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('latin1');
        if (inData) {
          if (buffer.includes('\r\n.\r\n')) {
            tookMessage = true;
            socket.destroy();
          }
          return;
        }
        for (let i; (i = buffer.indexOf('\r\n')) >= 0;) {
          const line = buffer.slice(0, i).toUpperCase();
          buffer = buffer.slice(i + 2);
          if (line.startsWith('EHLO')) socket.write('250 relay.example\r\n');
          else if (line.startsWith('DATA')) {
            inData = true;
            socket.write('354 go ahead\r\n');
            return;
          } else socket.write('250 OK\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'desk@school.example');
    try {
      const error = await mailer.send({ to: ['a@b.example'], subject: 's', text: 't' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(MailNotTaken);
      // The relay had the whole message when it hung up: this is the ambiguous case, not a refusal.
      expect(tookMessage).toBe(true);
    } finally {
      await mailer.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('MemoryJobLock', () => {
  it('runs a job once at a time and says when it did not run', async () => {
    const lock = new MemoryJobLock();
    let release!: () => void;
    const first = lock.runExclusive('backup', () => new Promise<string>((r) => (release = () => r('done'))));
    expect(await lock.runExclusive('backup', async () => 'second')).toEqual({ ran: false });
    expect(await lock.runExclusive('monitors', async () => 'other')).toEqual({ ran: true, value: 'other' });
    release();
    expect(await first).toEqual({ ran: true, value: 'done' });
    expect(await lock.runExclusive('backup', async () => 'again')).toEqual({ ran: true, value: 'again' });
  });
});

describe('HttpWebhookSender', () => {
  const secret = `whsec_${Buffer.from('a-test-secret-of-32-bytes-length').toString('base64')}`;
  const message = (url: string) => ({
    url,
    id: 'msg_1',
    timestamp: new Date(),
    body: '{"type":"webhook.test"}',
    secrets: [secret],
  });

  it('posts the body signed, and reads a 2xx as success', async () => {
    const receiver = await startReceiver();
    try {
      const r = await new HttpWebhookSender(new PublicAddressGuard(true)).send(message(receiver.url));
      expect(r).toMatchObject({ statusCode: 204, error: null, refused: false, retryAfterMs: null });
      const [got] = await receiver.waitFor(1);
      expect(verified(got!, secret)).toEqual({ type: 'webhook.test' });
      expect(got!.headers['webhook-id']).toBe('msg_1');
    } finally {
      await receiver.close();
    }
  });

  it('does not follow a redirect, and reads Retry-After in seconds or as a date', async () => {
    const receiver = await startReceiver();
    const elsewhere = await startReceiver('/elsewhere');
    try {
      receiver.answer(
        { status: 307, headers: { location: elsewhere.url } },
        { status: 429, headers: { 'retry-after': '30' } },
        { status: 503, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } },
      );
      const sender = new HttpWebhookSender(new PublicAddressGuard(true));
      expect(await sender.send(message(receiver.url))).toMatchObject({ statusCode: 307, error: 'status 307' });
      expect((await sender.send(message(receiver.url))).retryAfterMs).toBe(30_000);
      const dated = (await sender.send(message(receiver.url))).retryAfterMs!;
      expect(dated).toBeGreaterThan(55_000);
      expect(dated).toBeLessThanOrEqual(60_000);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await receiver.close();
      await elsewhere.close();
    }
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const receiver = await startReceiver();
    receiver.otherwise({ status: 200, hang: true });
    try {
      const r = await new HttpWebhookSender(new PublicAddressGuard(true), 300).send(message(receiver.url));
      expect(r).toMatchObject({ statusCode: null, error: 'no answer within 0.3 s', refused: false });
      expect(r.durationMs).toBeGreaterThanOrEqual(290);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a private address at delivery time, without a request', async () => {
    const receiver = await startReceiver();
    try {
      const sender = new HttpWebhookSender(new PublicAddressGuard(false));
      const literal = await sender.send(message(receiver.url));
      expect(literal).toMatchObject({ statusCode: null, refused: true });
      const named = await sender.send(message(receiver.url.replace('127.0.0.1', 'localhost')));
      expect(named).toMatchObject({ statusCode: null, refused: true });
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and dates, and nothing else', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});
