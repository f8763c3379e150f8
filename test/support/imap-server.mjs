// A real IMAP server on loopback: Debian's dovecot-imapd, started with a throwaway configuration in a
// temporary directory (its own users and passwords in a passwd-file, maildirs, and the test CA's
// server certificate from ./certificates.mjs), listening for IMAP over TLS only. Mail is put in a
// mailbox with a real IMAP client (ImapFlow's APPEND), as a school's mail system would deliver it, and
// read back where Desk moved it. Never an imitation of IMAP.
//
// Plain JavaScript, so that the mail-in tests (through ./imap.ts) and bench/mail.mjs (run by Node
// without a compiler) start dovecot the same way; its types are in ./imap-server.d.mts. Dovecot needs
// root (it drops to its own `dovecot` and `dovenull` users) and the `dovecot-imapd` package.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { testTls } from './certificates.mjs';

const dovecotUid = () => Number(execFileSync('id', ['-u', 'dovecot']).toString().trim());
const dovecotGid = () => Number(execFileSync('id', ['-g', 'dovecot']).toString().trim());

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts dovecot for `users` ({user, password}, the first of which must be able to sign in). */
export async function startImap(users) {
  const tls = testTls();
  const dir = mkdtempSync(join(tmpdir(), 'desk-imap-'));
  const at = (...p) => join(dir, ...p);
  const uid = dovecotUid();
  const gid = dovecotGid();
  // Dovecot's own users must pass through the directory (mkdtemp makes it 0700) and read the users.
  chmodSync(dir, 0o711);
  for (const d of ['run', 'state', 'mail', 'home']) mkdirSync(at(d), { recursive: true });
  // Mail is kept as the dovecot user (mail access as root is refused); the directories are its own.
  for (const d of ['mail', 'home']) chownSync(at(d), uid, gid);
  writeFileSync(
    at('users'),
    users.map((u) => `${u.user}:{PLAIN}${u.password}:${uid}:${gid}::${at('home', u.user)}::`).join('\n') + '\n',
  );
  chmodSync(at('users'), 0o644);
  const port = await freePort();
  writeFileSync(
    at('dovecot.conf'),
    `
base_dir = ${at('run')}
state_dir = ${at('state')}
log_path = ${at('dovecot.log')}
protocols = imap
listen = 127.0.0.1
ssl = required
ssl_cert = <${tls.certFile}
ssl_key = <${tls.keyFile}
disable_plaintext_auth = yes
auth_mechanisms = plain login
default_internal_user = dovecot
default_login_user = dovenull
first_valid_uid = ${uid}
mail_location = maildir:${at('mail')}/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${at('users')}
}
userdb {
  driver = passwd-file
  args = username_format=%u ${at('users')}
}
service imap-login {
  inet_listener imap {
    port = 0
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${port}
    ssl = yes
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
namespace inbox {
  inbox = yes
  separator = /
}
`,
  );
  const child = spawn('/usr/sbin/dovecot', ['-F', '-c', at('dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));

  const client = (u) =>
    new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: true,
      tls: { ca: [readFileSync(tls.caFile, 'utf8')], servername: 'localhost' },
      auth: { user: u.user, pass: u.password },
      logger: false,
    });
  const withClient = async (u, work) => {
    const c = client(u);
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.logout().catch(() => undefined);
    }
  };
  const append = async (c, folder, raw) => {
    const appended = await c.append(folder, typeof raw === 'string' ? Buffer.from(raw) : raw);
    return appended?.uid ?? 0;
  };
  const ensureFolder = async (c, folder) => {
    if (folder !== 'INBOX') await c.mailboxCreate(folder).catch(() => undefined);
  };

  // Ready once a login works (dovecot forks its services after it starts).
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await withClient(users[0], async () => undefined);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        let log = '';
        try {
          log = readFileSync(at('dovecot.log'), 'utf8');
        } catch {
          // no log yet
        }
        throw new Error(`dovecot did not start: ${String(error)}\n${stderr}\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    host: '127.0.0.1',
    port,
    caFile: tls.caFile,
    pid: child.pid,
    deliver: (u, raw, folder = 'INBOX') =>
      withClient(u, async (c) => {
        await ensureFolder(c, folder);
        return append(c, folder, raw);
      }),
    deliverMany: (u, raws, folder = 'INBOX') =>
      withClient(u, async (c) => {
        await ensureFolder(c, folder);
        const uids = [];
        for (const raw of raws) uids.push(await append(c, folder, raw));
        return uids;
      }),
    count: (u, folder) =>
      withClient(u, async (c) => {
        try {
          const status = await c.status(folder, { messages: true });
          return status ? (status.messages ?? 0) : 0;
        } catch {
          return 0;
        }
      }),
    flags: (u, folder) =>
      withClient(u, async (c) => {
        const lock = await c.getMailboxLock(folder);
        try {
          const out = [];
          for await (const m of c.fetch('1:*', { flags: true })) out.push([...(m.flags ?? [])].sort());
          return out;
        } catch {
          return [];
        } finally {
          lock.release();
        }
      }),
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
