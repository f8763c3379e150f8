/**
 * The help desk's routing (issue 30, point 4): a school's ticket categories, its teams of staff
 * (members in order, each available or away, and the position of the last member a ticket went to,
 * for round-robin: the team's row lock serialises turns), and its routing rules, tried in order: the
 * first whose category, requester kind and priority all match (a null matches anything) picks the
 * team and how a ticket is assigned. Tickets carry the category and team they were given.
 */
export const sql = `
CREATE TABLE ticket_categories (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  CONSTRAINT ticket_categories_name_key UNIQUE (tenant_id, name)
);

CREATE TABLE teams (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  last_turn integer NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  CONSTRAINT teams_name_key UNIQUE (tenant_id, name)
);

CREATE TABLE team_members (
  tenant_id text NOT NULL,
  team_id text NOT NULL,
  person_id text NOT NULL,
  position integer NOT NULL,
  available boolean NOT NULL,
  PRIMARY KEY (tenant_id, team_id, person_id)
);

CREATE TABLE routing_rules (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  position integer NOT NULL,
  category_id text,
  requester_kind text,
  priority text,
  team_id text NOT NULL,
  assignment text NOT NULL,
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX routing_rules_tenant_position ON routing_rules (tenant_id, position);

ALTER TABLE tickets ADD COLUMN category_id text, ADD COLUMN team_id text;
`;
