/**
 * The OAuth authorization server's rules that need no server: which redirect URIs an app may use and
 * be sent back to, what a client ID metadata document URL may look like, what client metadata Desk
 * takes, which scopes a person can give, and what a token acts as (its scopes AND the role now).
 */
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../../src/domain/access/permissions.js';
import { canonicalResource } from '../../../src/domain/oauth/begin-authorization.js';
import {
  checkClientMetadata,
  metadataDocumentIdProblem,
  redirectMatches,
  redirectUriProblem,
} from '../../../src/domain/oauth/clients.js';
import { grantableScopes, parseScope, tokenActor, type Grant } from '../../../src/domain/oauth/grant.js';
import { OAuthError } from '../../../src/domain/oauth/oauth-error.js';
import { aTenant, aUser } from '../../support/builders.js';

describe('redirect URIs', () => {
  it('takes https anywhere and http only on loopback, never with a fragment or credentials', () => {
    for (const ok of [
      'https://claude.ai/api/mcp/auth_callback',
      'http://127.0.0.1:53682/cb',
      'http://[::1]/cb',
      'http://localhost:8080/cb',
    ]) {
      expect(redirectUriProblem(ok), ok).toBeNull();
    }
    for (const bad of [
      'http://app.example/cb',
      'https://app.example/cb#x',
      'https://u:p@app.example/cb',
      'not a url',
      'javascript:alert(1)',
    ]) {
      expect(redirectUriProblem(bad), bad).not.toBeNull();
    }
  });

  it('matches exactly, except that a loopback URI matches on any port (RFC 8252 §7.3)', () => {
    const registered = ['https://app.example/cb', 'http://127.0.0.1/callback'];
    expect(redirectMatches(registered, 'https://app.example/cb')).toBe(true);
    expect(redirectMatches(registered, 'https://app.example/cb/')).toBe(false);
    expect(redirectMatches(registered, 'https://app.example:8443/cb')).toBe(false);
    expect(redirectMatches(registered, 'http://127.0.0.1:61234/callback')).toBe(true);
    expect(redirectMatches(registered, 'http://127.0.0.1:61234/other')).toBe(false);
    expect(redirectMatches(registered, 'http://localhost:61234/callback')).toBe(false);
    expect(redirectMatches(registered, 'http://127.0.0.1:61234/callback?x=1')).toBe(false);
  });

  it('never matches a loopback URI that carries a user name or password, which registration refuses too', () => {
    const registered = ['http://127.0.0.1/callback', 'http://localhost:8080/cb'];
    for (const presented of [
      'http://evil@127.0.0.1:1234/callback',
      'http://evil:pw@127.0.0.1/callback',
      'http://:pw@127.0.0.1:1234/callback',
      'http://evil@localhost:8080/cb',
    ]) {
      expect(redirectMatches(registered, presented), presented).toBe(false);
    }
  });
});

describe('client ID metadata document URLs', () => {
  it('must be https with a path, no fragment, no credentials and no dot segments', () => {
    expect(metadataDocumentIdProblem('https://claude.ai/oauth/mcp-oauth-client-metadata')).toBeNull();
    expect(metadataDocumentIdProblem('https://app.example:8443/client.json')).toBeNull();
    expect(metadataDocumentIdProblem('http://app.example/client.json')).toMatch(/https/);
    expect(metadataDocumentIdProblem('https://app.example/')).toMatch(/path/);
    expect(metadataDocumentIdProblem('https://app.example/c.json#x')).toMatch(/fragment/);
    expect(metadataDocumentIdProblem('https://u@app.example/c.json')).toMatch(/user name/);
    expect(metadataDocumentIdProblem('https://app.example/a/../c.json')).toMatch(/segments/);
    expect(metadataDocumentIdProblem('https://app.example/a/%2E%2E/c.json')).toMatch(/segments/);
  });
});

describe('client metadata', () => {
  const refusal = (input: unknown) => {
    try {
      checkClientMetadata(input);
    } catch (e) {
      if (e instanceof OAuthError) return e.code;
      throw e;
    }
    return null;
  };

  it('takes a public client of the code flow, ignoring members it has no use for', () => {
    const metadata = checkClientMetadata({
      client_name: 'Claude',
      redirect_uris: ['https://claude.ai/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      logo_uri: 'https://claude.ai/logo.png',
    });
    expect(metadata.client_name).toBe('Claude');
  });

  it('refuses, in RFC 7591 words, redirect URIs it cannot use and clients that are not public', () => {
    expect(refusal({ redirect_uris: ['http://app.example/cb'] })).toBe('invalid_redirect_uri');
    expect(refusal({ redirect_uris: 'https://app.example/cb' })).toBe('invalid_redirect_uri');
    expect(refusal({ redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'private_key_jwt' })).toBe(
      'invalid_client_metadata',
    );
    expect(refusal({ redirect_uris: ['https://a.example/cb'], grant_types: ['implicit'] })).toBe(
      'invalid_client_metadata',
    );
    expect(refusal({ redirect_uris: ['https://a.example/cb'], response_types: ['token'] })).toBe(
      'invalid_client_metadata',
    );
    expect(refusal('a string')).toBe('invalid_client_metadata');
  });
});

describe('scopes', () => {
  it('reads a space-separated scope, none meaning everything', () => {
    expect(parseScope(undefined)).toBeNull();
    expect(parseScope('  ')).toBeNull();
    expect(parseScope('loan.view  loan.view person.view')).toEqual(['loan.view', 'person.view']);
  });

  it('gives an app only what it asked for that the person holds, never a console-only permission or a module', () => {
    const teacher = new Set([...ROLE_PERMISSIONS.teacher, 'module.loans']);
    expect(grantableScopes(null, teacher)).toEqual([
      'person.view',
      'loan.view',
      'repair.create',
      'ticket.create',
      'reservation.create',
    ]);
    expect(grantableScopes(['loan.view', 'loan.issue', 'openid', 'module.loans'], teacher)).toEqual(['loan.view']);
    const admin = new Set<string>(ROLE_PERMISSIONS['school-admin']);
    expect(grantableScopes(['user.manage', 'apikey.manage'], admin)).toEqual([]);
  });

  it('compares resources with scheme and host in any case, and without a trailing slash', () => {
    expect(canonicalResource('HTTPS://Desk.Example/api/mcp')).toBe('https://desk.example/api/mcp');
    expect(canonicalResource('https://desk.example/api/mcp/')).toBe('https://desk.example/api/mcp');
    expect(canonicalResource('https://desk.example/api/mcp#x')).toBeNull();
    expect(canonicalResource('not a url')).toBeNull();
  });
});

describe('what a token acts as', () => {
  const tenant = aTenant({ modules: ['integrations', 'loans'] });
  const grant: Grant = {
    id: 'g1',
    userId: 'u1',
    clientId: 'https://claude.ai/meta',
    clientName: 'Claude',
    clientHost: 'claude.ai',
    scopes: ['loan.view', 'loan.issue'],
    resource: 'https://desk.example/api/mcp',
    createdAt: '2026-03-01T00:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
  };

  it('is the person, with the token’s scopes their role holds now, the school’s modules, and the app named', () => {
    const desk = tokenActor(tenant, aUser({ id: 'u1', role: 'loan-desk' }), grant, grant.scopes);
    expect([...desk.permissions].sort()).toEqual(['loan.issue', 'loan.view', 'module.integrations', 'module.loans']);
    expect(desk.principal).toEqual({
      type: 'user',
      id: 'u1',
      name: expect.any(String),
      role: 'loan-desk',
      via: { grantId: 'g1', clientId: 'https://claude.ai/meta', clientName: 'Claude' },
    });
    const demoted = tokenActor(tenant, aUser({ id: 'u1', role: 'read-only' }), grant, grant.scopes);
    expect([...demoted.permissions].filter((p) => !p.startsWith('module.'))).toEqual(['loan.view']);
  });

  it('never has more than its own scopes, even when the grant and the role have more', () => {
    const narrowed = tokenActor(tenant, aUser({ id: 'u1', role: 'school-admin' }), grant, ['loan.view']);
    expect([...narrowed.permissions].filter((p) => !p.startsWith('module.'))).toEqual(['loan.view']);
  });

  it('keeps a teacher to their loan groups', () => {
    const teacher = tokenActor(tenant, aUser({ id: 'u1', role: 'teacher', loanGroupIds: ['cart-1'] }), grant, [
      'loan.view',
    ]);
    expect(teacher.loanGroupIds).toEqual(['cart-1']);
    expect(teacher.permissions.has('loan.view')).toBe(true);
  });
});
