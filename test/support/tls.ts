/**
 * A throwaway certificate authority and a server certificate it signed, made with the `openssl`
 * command once per process in a temporary directory, so test servers (the OpenID provider) speak real
 * HTTPS and every client trusts them the way it would trust a school's provider:
 *
 * - a Desk process started by a test: `NODE_EXTRA_CA_CERTS=<caFile>` in its environment;
 * - this test process: `trustingDispatcher()` passed to `fetch` (`NODE_EXTRA_CA_CERTS` is read only at
 *   startup, so it cannot be set from inside a running test);
 * - Chromium: `--ignore-certificate-errors-spki-list=<serverSpki>` at launch.
 *
 * The server certificate names `localhost`, `*.localhost`, `127.0.0.1` and `::1`, and is valid for a
 * week from its making.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';

export interface TestTls {
  /** Path of the CA certificate (PEM): the value for `NODE_EXTRA_CA_CERTS`. */
  readonly caFile: string;
  /** The CA certificate itself (PEM), for a TLS client's `ca` option. */
  readonly caPem: string;
  /** Path of the server certificate (PEM), signed by the CA. */
  readonly certFile: string;
  /** Path of the server certificate's private key (PEM, unencrypted). */
  readonly keyFile: string;
  /**
   * Base64 SHA-256 of the server certificate's SubjectPublicKeyInfo: the value Chromium's
   * `--ignore-certificate-errors-spki-list` takes to accept this certificate without trusting the CA.
   */
  readonly serverSpki: string;
}

let made: TestTls | undefined;

/** The process's CA and server certificate, made on first call. */
export function testTls(): TestTls {
  made ??= makeTls();
  return made;
}

let dispatcher: Agent | undefined;

/**
 * An undici `Agent` that trusts the test CA (and only it), for `fetch(url, { dispatcher })` from the
 * test process. undici is pinned to the version Node 20 bundles, so the agent fits the global `fetch`.
 */
export function trustingDispatcher(): Agent {
  dispatcher ??= new Agent({ connect: { ca: testTls().caPem } });
  return dispatcher;
}

function makeTls(): TestTls {
  const dir = mkdtempSync(join(tmpdir(), 'desk-tls-'));
  // The keys are worthless outside this run; leave nothing behind.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const at = (name: string) => join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  // P-256 keys: made in milliseconds, where RSA would cost a noticeable part of a second per process.
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

  openssl([
    'req', '-x509', ...newKey, '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '7',
    '-subj', '/CN=Desk test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]); // prettier-ignore
  openssl(['req', ...newKey, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=localhost']);
  // Browsers read only the SANs and want serverAuth; the key identifiers keep OpenSSL's chain building
  // unambiguous.
  writeFileSync(
    at('server.ext'),
    [
      'subjectAltName = DNS:localhost, DNS:*.localhost, IP:127.0.0.1, IP:::1',
      'basicConstraints = critical, CA:FALSE',
      'keyUsage = critical, digitalSignature',
      'extendedKeyUsage = serverAuth',
      'subjectKeyIdentifier = hash',
      'authorityKeyIdentifier = keyid',
    ].join('\n'),
  );
  openssl([
    'x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'),
    '-days', '7', '-sha256', '-extfile', at('server.ext'), '-out', at('server.pem'),
  ]); // prettier-ignore

  const spki = new X509Certificate(readFileSync(at('server.pem'))).publicKey.export({ type: 'spki', format: 'der' });
  return {
    caFile: at('ca.pem'),
    caPem: readFileSync(at('ca.pem'), 'utf8'),
    certFile: at('server.pem'),
    keyFile: at('server.key'),
    serverSpki: createHash('sha256').update(spki).digest('base64'),
  };
}
