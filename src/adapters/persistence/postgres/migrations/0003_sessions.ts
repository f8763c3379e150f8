/** Console sign-in sessions (issue 4): the JWT carries the id, every request checks the row. */
export const sql = `
CREATE TABLE sessions (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  revoked_at text
);
CREATE INDEX sessions_tenant_user ON sessions (tenant_id, user_id);
`;
