// A throwaway certificate authority and a server certificate it signed, made with the `openssl`
// command once per process in a temporary directory (removed when the process exits). Plain
// JavaScript so that the benchmark scripts (bench/*.mjs, run by Node without a compiler) and the tests
// share it: the tests reach it through ./tls.ts, which documents how each client trusts it; its types
// are in ./certificates.d.mts.
//
// The server certificate names `localhost`, `*.localhost`, `127.0.0.1` and `::1`, and is valid for a
// week from its making.
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let made;

/** The process's CA and server certificate, made on first call. */
export function testTls() {
  made ??= makeTls();
  return made;
}

function makeTls() {
  const dir = mkdtempSync(join(tmpdir(), 'desk-tls-'));
  // The keys are worthless outside this run; leave nothing behind.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const at = (name) => join(dir, name);
  const openssl = (args) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
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
  return Object.freeze({
    caFile: at('ca.pem'),
    caPem: readFileSync(at('ca.pem'), 'utf8'),
    certFile: at('server.pem'),
    keyFile: at('server.key'),
    serverSpki: createHash('sha256').update(spki).digest('base64'),
  });
}
