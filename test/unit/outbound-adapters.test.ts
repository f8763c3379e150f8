import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryJobLock } from '../../src/adapters/system/memory-job-lock.js';
import { NoMailer, SmtpMailer } from '../../src/adapters/mail/smtp-mailer.js';
import { isPublicAddress, PublicAddressGuard } from '../../src/adapters/outbound/public-address-guard.js';
import { AesSecretBox } from '../../src/adapters/system/aes-secret-box.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

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
    mailer.close();
  });

  it('rejects when the server cannot be reached, and NoMailer sends nothing', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'desk@school.example');
    await expect(mailer.send({ to: ['a@b.example'], subject: 's', text: 't' })).rejects.toThrow();
    expect(new NoMailer().configured).toBe(false);
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
