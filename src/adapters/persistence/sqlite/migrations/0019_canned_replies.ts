/** Canned replies (issue 30, point 4): a school's ready answers, by title, with placeholders in the body. */
export const sql = `
CREATE TABLE canned_replies (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, title)
) STRICT;
`;
