/**
 * Desk as the OAuth authorization server of its MCP endpoint (issue 20), in step with the Postgres
 * migration 0011_oauth: registered apps (deployment-wide), authorization requests with their one-use
 * codes, grants (a person's consent for an app) and their tokens (hashes only), and the app a person
 * acted through on an audit entry.
 */
export const sql = `
CREATE TABLE oauth_clients (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  redirect_uris TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX oauth_clients_created ON oauth_clients (created_at);

CREATE TABLE oauth_authorizations (
  id TEXT PRIMARY KEY,
  tenant_id TEXT,
  issuer TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_name TEXT NOT NULL,
  client_host TEXT,
  redirect_uri TEXT NOT NULL,
  state TEXT,
  code_challenge TEXT NOT NULL,
  requested_scopes TEXT,
  resource TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  decided_at TEXT,
  user_id TEXT,
  scopes TEXT,
  code_hash TEXT UNIQUE,
  code_expires_at TEXT,
  code_used_at TEXT,
  grant_id TEXT
) STRICT;
CREATE INDEX oauth_authorizations_expires ON oauth_authorizations (expires_at);

CREATE TABLE oauth_grants (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_name TEXT NOT NULL,
  client_host TEXT,
  scopes TEXT NOT NULL,
  resource TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  revoked_reason TEXT
) STRICT;
-- Newest first, the school's or one person's.
CREATE INDEX oauth_grants_tenant_created ON oauth_grants (tenant_id, created_at, id);
CREATE INDEX oauth_grants_tenant_user ON oauth_grants (tenant_id, user_id, created_at, id);

CREATE TABLE oauth_tokens (
  hash TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  grant_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) STRICT;
CREATE INDEX oauth_tokens_grant ON oauth_tokens (tenant_id, grant_id, expires_at);

ALTER TABLE audit_entries ADD COLUMN actor_via TEXT;
`;
