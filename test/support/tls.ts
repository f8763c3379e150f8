/**
 * A throwaway certificate authority and a server certificate it signed, made with the `openssl`
 * command once per process in a temporary directory (./certificates.mjs, shared with the benchmark
 * scripts), so test servers (the OpenID provider, dovecot) speak real TLS and every client trusts
 * them the way it would trust a school's provider:
 *
 * - a Desk process started by a test: `NODE_EXTRA_CA_CERTS=<caFile>` in its environment;
 * - this test process: `trustingDispatcher()` passed to `fetch` (`NODE_EXTRA_CA_CERTS` is read only at
 *   startup, so it cannot be set from inside a running test);
 * - Chromium: `--ignore-certificate-errors-spki-list=<serverSpki>` at launch.
 *
 * The server certificate names `localhost`, `*.localhost`, `127.0.0.1` and `::1`, and is valid for a
 * week from its making.
 */
import { Agent } from 'undici';
import { testTls } from './certificates.mjs';

export { testTls, type TestTls } from './certificates.mjs';

let dispatcher: Agent | undefined;

/**
 * An undici `Agent` that trusts the test CA (and only it), for `fetch(url, { dispatcher })` from the
 * test process. undici is pinned to the version Node 20 bundles, so the agent fits the global `fetch`.
 */
export function trustingDispatcher(): Agent {
  dispatcher ??= new Agent({ connect: { ca: testTls().caPem } });
  return dispatcher;
}
