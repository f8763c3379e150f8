/**
 * The rules of single sign-on that need no store: which issuers an administrator may configure,
 * which e-mail address a first sign-in may be matched by, where a sign-in may return to, and the
 * redirect URIs to register.
 */
import { describe, expect, it } from 'vitest';
import { SSO_REFUSAL_MESSAGES, SSO_REFUSALS } from '../../../src/domain/sso/refusals.js';
import { safeReturnTo, withRefusal } from '../../../src/domain/sso/return-to.js';
import {
  defaultLabel,
  emailForBinding,
  GOOGLE_ISSUER,
  issuerProblem,
  passwordSignInAllowed,
  ssoRedirectUris,
  type IdTokenClaims,
} from '../../../src/domain/sso/sso-provider.js';

const ENTRA = 'https://login.microsoftonline.com/7c1f3b2e-0000-4000-8000-000000000001/v2.0';

describe('issuerProblem', () => {
  it.each([
    GOOGLE_ISSUER,
    ENTRA,
    'https://idp.north.example/realms/staff',
    'http://localhost:8080/realms/dev',
    'http://127.0.0.1:9000',
    'http://[::1]:9000',
  ])('accepts %s', (issuer) => {
    expect(issuerProblem(issuer)).toBeNull();
  });

  it.each([
    ['http://idp.north.example', /must be https/],
    ['http://10.0.0.5', /must be https/],
    ['ftp://idp.north.example', /https/],
    ['accounts.google.com', /must be a URL/],
    ['https://idp.north.example/?tenant=1', /query/],
    ['https://idp.north.example/#x', /fragment/],
    ['https://admin:pw@idp.north.example', /user name or password/],
    ['https://login.microsoftonline.com/common/v2.0', /shared "common" endpoint/],
    ['https://login.microsoftonline.com/Organizations/v2.0', /shared "organizations" endpoint/],
    ['https://login.microsoftonline.com/consumers/v2.0', /shared "consumers" endpoint/],
    ['https://login.microsoftonline.us/common/v2.0', /shared "common" endpoint/],
    ['https://login.microsoftonline.com/{tenantid}/v2.0', /\{tenantid\} placeholder/],
    ['https://idp.example/%7Btenantid%7D/v2.0', /\{tenantid\} placeholder/],
  ])('refuses %s', (issuer, why) => {
    expect(issuerProblem(issuer)).toMatch(why);
  });

  it("names the button after Google's and Microsoft's brands, and other providers after their host", () => {
    expect(defaultLabel(GOOGLE_ISSUER)).toBe('Google');
    expect(defaultLabel(ENTRA)).toBe('Microsoft');
    expect(defaultLabel('https://idp.north.example/realms/staff')).toBe('idp.north.example');
  });
});

describe('emailForBinding (a first sign-in, rules 2 and 3)', () => {
  const claims = (o: Record<string, unknown>): IdTokenClaims => ({ iss: ENTRA, sub: 'subject-1', ...o });
  const entra = { issuer: ENTRA, domains: [] as string[] };
  const entraIn = { issuer: ENTRA, domains: ['north.example'] };
  const google = { issuer: GOOGLE_ISSUER, domains: [] as string[] };
  const googleIn = { issuer: GOOGLE_ISSUER, domains: ['north.example', 'staff.north.example'] };

  it.each([
    [
      'a verified address, lower-cased',
      google,
      { email: ' Ada@North.Example ', email_verified: true },
      'ada@north.example',
    ],
    ['no email_verified, in the domains (Entra)', entraIn, { email: 'ada@north.example' }, 'ada@north.example'],
    [
      'no email_verified, xms_edov (Entra)',
      entra,
      { email: 'ada@elsewhere.example', xms_edov: true },
      'ada@elsewhere.example',
    ],
    [
      'Google Workspace in the domains',
      googleIn,
      { email: 'ada@north.example', email_verified: true, hd: 'north.example' },
      'ada@north.example',
    ],
    [
      'hd of another allowed domain',
      googleIn,
      { email: 'ada@north.example', email_verified: true, hd: 'staff.north.example' },
      'ada@north.example',
    ],
    [
      'Google without domains: any verified address',
      google,
      { email: 'ada@gmail.example', email_verified: true },
      'ada@gmail.example',
    ],
  ])('takes %s', (_, provider, o, email) => {
    expect(emailForBinding(provider, claims(o))).toEqual({ email });
  });

  it.each([
    ['no e-mail at all', google, { email_verified: true }, 'unverified_email'],
    ['an e-mail that is not one', google, { email: 'not-an-address', email_verified: true }, 'unverified_email'],
    ['email_verified false', google, { email: 'ada@north.example', email_verified: false }, 'unverified_email'],
    [
      'email_verified as the string "true"',
      google,
      { email: 'ada@north.example', email_verified: 'true' },
      'unverified_email',
    ],
    [
      'email_verified false, even in the domains',
      entraIn,
      { email: 'ada@north.example', email_verified: false },
      'unverified_email',
    ],
    ['no email_verified, no domains, no xms_edov', entra, { email: 'ada@north.example' }, 'unverified_email'],
    ['no email_verified, outside the domains', entraIn, { email: 'ada@elsewhere.example' }, 'unverified_email'],
    ['xms_edov, but outside the domains', entraIn, { email: 'ada@elsewhere.example', xms_edov: true }, 'domain'],
    [
      'verified, outside the domains',
      googleIn,
      { email: 'ada@elsewhere.example', email_verified: true, hd: 'north.example' },
      'domain',
    ],
    [
      'hd outside the domains',
      googleIn,
      { email: 'ada@north.example', email_verified: true, hd: 'other.example' },
      'domain',
    ],
    [
      'Google without hd (a consumer account)',
      googleIn,
      { email: 'ada@north.example', email_verified: true },
      'domain',
    ],
  ])('refuses %s', (_, provider, o, refusal) => {
    expect(emailForBinding(provider, claims(o))).toEqual({ refusal });
  });

  it('keeps the password way in for school administrators only, and for everyone without a provider or with passwords on', () => {
    expect(passwordSignInAllowed(null, 'loan-desk')).toBe(true);
    expect(passwordSignInAllowed({ passwordsAllowed: true }, 'loan-desk')).toBe(true);
    expect(passwordSignInAllowed({ passwordsAllowed: false }, 'loan-desk')).toBe(false);
    expect(passwordSignInAllowed({ passwordsAllowed: false }, 'technician')).toBe(false);
    expect(passwordSignInAllowed({ passwordsAllowed: false }, 'school-admin')).toBe(true);
  });
});

describe('safeReturnTo', () => {
  it.each(['/', '/loans', '/loans?status=ISSUED&page=2', '/people/abc#history', '/a/b%2F..'])('keeps %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    undefined,
    '',
    'loans',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ /evil.example',
    'javascript:alert(1)',
    `/${'a'.repeat(2_000)}`,
  ])('sends %j home', (raw) => {
    expect(safeReturnTo(raw)).toBe('/');
  });

  it('drops a refusal left from an earlier attempt, and carries a new one', () => {
    expect(safeReturnTo('/loans?sso=state&page=2')).toBe('/loans?page=2');
    expect(withRefusal('/loans?page=2#top', 'unknown_user')).toBe('/loans?page=2&sso=unknown_user#top');
    expect(withRefusal('//evil.example', 'state')).toBe('/?sso=state');
  });

  it('has a message for every reason', () => {
    for (const reason of SSO_REFUSALS) expect(SSO_REFUSAL_MESSAGES[reason].length).toBeGreaterThan(20);
  });
});

describe('ssoRedirectUris', () => {
  it("lists PUBLIC_URL's callback and one per school host, with PUBLIC_URL's scheme and port", () => {
    expect(ssoRedirectUris('https://desk.example', ['north.example', 'desk.example'])).toEqual([
      'https://desk.example/api/auth/sso/callback',
      'https://north.example/api/auth/sso/callback',
    ]);
    expect(ssoRedirectUris('http://127.0.0.1:4100', ['north.localhost'])).toEqual([
      'http://127.0.0.1:4100/api/auth/sso/callback',
      'http://north.localhost:4100/api/auth/sso/callback',
    ]);
  });
});
