/**
 * The openid-client adapter's answers to what an operator meets first: a provider whose certificate
 * this process does not trust (the test CA is not in it: NODE_EXTRA_CA_CERTS is read at start, and this
 * process started without it), one that does not listen, and http on a public host. Each is the
 * port's OpenIdError with words an administrator can act on, never the library's own error. The
 * whole exchange is tested end to end in sso.test.ts, through `desk serve` trusting the CA.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenIdClientProvider } from '../../../src/adapters/openid/openid-client-provider.js';
import { OpenIdError } from '../../../src/ports/openid-provider.js';
import { startOidcProvider, type TestOidcProvider } from '../../support/oidc-provider.js';

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('OpenIdClientProvider failures', () => {
  let op: TestOidcProvider;
  beforeAll(async () => {
    op = await startOidcProvider({ clients: [{ clientId: 'desk', clientSecret: 'secret', redirectUris: [] }] });
  });
  afterAll(() => op?.close());

  const failureOf = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e,
    );

  it('names an untrusted certificate and says where trust comes from', async () => {
    const error = await failureOf(new OpenIdClientProvider().check(op.issuer, 'desk'));
    expect(error).toBeInstanceOf(OpenIdError);
    expect(error).toMatchObject({
      reason: 'unreachable',
      message: expect.stringMatching(/certificate of localhost:\d+ is not trusted .*NODE_EXTRA_CA_CERTS/),
    });
  });

  it('names a provider that does not answer, and refuses http on a public host before any request', async () => {
    const port = await closedPort();
    expect(await failureOf(new OpenIdClientProvider().check(`https://localhost:${port}`, 'desk'))).toMatchObject({
      reason: 'unreachable',
      message: `cannot reach localhost:${port} (ECONNREFUSED)`,
    });
    expect(await failureOf(new OpenIdClientProvider().check('http://idp.example', 'desk'))).toMatchObject({
      reason: 'invalid_issuer',
      message: 'only https is allowed for idp.example',
    });
  });
});
