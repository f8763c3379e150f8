/**
 * Single sign-on (the identity issue), in step with the SQLite migration 0009_sso: each school's
 * OpenID provider (its client secret sealed under ENCRYPTION_KEY), the bindings of users to provider
 * accounts (unique per issuer and subject, and per user and issuer), and the sign-ins in progress,
 * keyed by the SHA-256 hash of their state, pruned per school once expired.
 */
export const sql = `
CREATE TABLE sso_providers (
  tenant_id text PRIMARY KEY,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret text NOT NULL,
  label text NOT NULL,
  domains jsonb NOT NULL,
  passwords_allowed boolean NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);

CREATE TABLE sso_bindings (
  tenant_id text NOT NULL,
  issuer text COLLATE "C" NOT NULL,
  subject text COLLATE "C" NOT NULL,
  user_id text NOT NULL,
  email text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  last_sign_in_at text COLLATE "C" NOT NULL,
  CONSTRAINT sso_bindings_pkey PRIMARY KEY (tenant_id, issuer, subject)
);
CREATE UNIQUE INDEX sso_bindings_user_key ON sso_bindings (tenant_id, user_id, issuer);

CREATE TABLE sso_sign_ins (
  state_hash text COLLATE "C" PRIMARY KEY,
  tenant_id text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  return_to text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  used_at text COLLATE "C"
);
CREATE INDEX sso_sign_ins_tenant_expiry_idx ON sso_sign_ins (tenant_id, expires_at);
`;
