/**
 * The requester portal (issue 30, point 1): one-use sign-in links e-mailed to a person of the school
 * (only the token's hash is kept), the portal sessions they and single sign-on open (the cookie's
 * hash), and which audience a single sign-on was started for (the console, or the portal).
 */
export const sql = `
CREATE TABLE portal_sign_in_links (
  token_hash text COLLATE "C" PRIMARY KEY,
  tenant_id text NOT NULL,
  person_id text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  used_at text COLLATE "C"
);
CREATE INDEX portal_sign_in_links_tenant ON portal_sign_in_links (tenant_id, expires_at);

CREATE TABLE portal_sessions (
  id text PRIMARY KEY,
  token_hash text COLLATE "C" NOT NULL UNIQUE,
  tenant_id text NOT NULL,
  person_id text NOT NULL,
  via text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  revoked_at text COLLATE "C"
);
CREATE INDEX portal_sessions_person ON portal_sessions (tenant_id, person_id);

ALTER TABLE sso_sign_ins ADD COLUMN audience text NOT NULL DEFAULT 'console';
`;
