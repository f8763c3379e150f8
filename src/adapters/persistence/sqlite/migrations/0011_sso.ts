/**
 * Single sign-on (the identity issue): each school's OpenID provider (its client secret sealed under
 * ENCRYPTION_KEY, its allowed domains as a JSON array), the bindings of users to provider accounts
 * (unique per issuer and subject, and per user and issuer), and the sign-ins in progress, keyed by the
 * SHA-256 hash of their state, pruned per school once expired.
 */
export const sql = `
CREATE TABLE sso_providers (
  tenant_id TEXT PRIMARY KEY,
  issuer TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  label TEXT NOT NULL,
  domains TEXT NOT NULL,
  passwords_allowed INTEGER NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE sso_bindings (
  tenant_id TEXT NOT NULL,
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_sign_in_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, issuer, subject)
) STRICT;
CREATE UNIQUE INDEX sso_bindings_user ON sso_bindings (tenant_id, user_id, issuer);

CREATE TABLE sso_sign_ins (
  state_hash TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  nonce TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  return_to TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) STRICT;
CREATE INDEX sso_sign_ins_tenant_expiry ON sso_sign_ins (tenant_id, expires_at);
`;
