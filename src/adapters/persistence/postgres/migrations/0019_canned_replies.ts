/** Canned replies (issue 30, point 4): a school's ready answers, by title, with placeholders in the body. */
export const sql = `
CREATE TABLE canned_replies (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  CONSTRAINT canned_replies_title_key UNIQUE (tenant_id, title)
);
`;
