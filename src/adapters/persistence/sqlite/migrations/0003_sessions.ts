/** Console sign-in sessions (issue 4): the JWT carries the id, every request checks the row. */
export const sql = `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
) STRICT;
CREATE INDEX sessions_tenant_user ON sessions (tenant_id, user_id);
`;
