/**
 * Desk as the OAuth authorization server of its MCP endpoint (issue 20), in step with the SQLite
 * migration 0010_oauth: registered apps (deployment-wide), authorization requests with their one-use
 * codes, grants (a person's consent for an app) and their tokens (hashes only), and the app a person
 * acted through on an audit entry.
 */
export const sql = `
CREATE TABLE oauth_clients (
  id text PRIMARY KEY,
  name text NOT NULL,
  redirect_uris jsonb NOT NULL,
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX oauth_clients_created_idx ON oauth_clients (created_at);

CREATE TABLE oauth_authorizations (
  id text PRIMARY KEY,
  tenant_id text,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_name text NOT NULL,
  client_host text,
  redirect_uri text NOT NULL,
  state text,
  code_challenge text NOT NULL,
  requested_scopes jsonb,
  resource text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  decided_at text COLLATE "C",
  user_id text,
  scopes jsonb,
  code_hash text CONSTRAINT oauth_authorizations_code_hash_key UNIQUE,
  code_expires_at text COLLATE "C",
  code_used_at text COLLATE "C",
  grant_id text
);
CREATE INDEX oauth_authorizations_expires_idx ON oauth_authorizations (expires_at);

CREATE TABLE oauth_grants (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  client_id text NOT NULL,
  client_name text NOT NULL,
  client_host text,
  scopes jsonb NOT NULL,
  resource text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  last_used_at text COLLATE "C",
  revoked_at text COLLATE "C",
  revoked_reason text
);
-- Newest first, the school's or one person's.
CREATE INDEX oauth_grants_tenant_created_idx ON oauth_grants (tenant_id, created_at, id COLLATE "C");
CREATE INDEX oauth_grants_tenant_user_idx ON oauth_grants (tenant_id, user_id, created_at, id COLLATE "C");

CREATE TABLE oauth_tokens (
  hash text PRIMARY KEY,
  tenant_id text NOT NULL,
  grant_id text NOT NULL,
  kind text NOT NULL,
  scopes jsonb NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  used_at text COLLATE "C"
);
CREATE INDEX oauth_tokens_grant_idx ON oauth_tokens (tenant_id, grant_id, expires_at);

ALTER TABLE audit_entries ADD COLUMN actor_via text;
`;
