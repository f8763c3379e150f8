/**
 * What each member of staff chose to hear of by e-mail for the tickets of their teams (issue 30,
 * point 3): new tickets, and the requesters' answers. No row: nothing (the default).
 */
export const sql = `
CREATE TABLE staff_ticket_mail (
  tenant_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  new_tickets INTEGER NOT NULL,
  replies INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, person_id)
) STRICT;
`;
