/**
 * The HTML of mail that came in (issue 30, point 2), kept only as the HtmlSanitizer left it: for a
 * ticket's first message (comment_id '') or for one of its comments. The text stays the ticket's
 * and the comment's own; this is how the message looked.
 */
export const sql = `
CREATE TABLE ticket_html (
  tenant_id text NOT NULL,
  ticket_id text NOT NULL,
  comment_id text NOT NULL,
  html text NOT NULL,
  PRIMARY KEY (tenant_id, ticket_id, comment_id)
);
`;
