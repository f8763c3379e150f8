/**
 * The help desk's routing (issue 30, point 4): a school's ticket categories, its teams of staff
 * (members in order, each available or away, and the position of the last member a ticket went to,
 * for round-robin), and its routing rules, tried in order: the first whose category, requester kind
 * and priority all match (a null matches anything) picks the team and how a ticket is assigned.
 * Tickets carry the category and team they were given.
 */
export const sql = `
CREATE TABLE ticket_categories (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, name)
) STRICT;

CREATE TABLE teams (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  last_turn INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, name)
) STRICT;

CREATE TABLE team_members (
  tenant_id TEXT NOT NULL,
  team_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  available INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, team_id, person_id)
) STRICT;

CREATE TABLE routing_rules (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  category_id TEXT,
  requester_kind TEXT,
  priority TEXT,
  team_id TEXT NOT NULL,
  assignment TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX routing_rules_tenant_position ON routing_rules (tenant_id, position);

ALTER TABLE tickets ADD COLUMN category_id TEXT;
ALTER TABLE tickets ADD COLUMN team_id TEXT;
`;
