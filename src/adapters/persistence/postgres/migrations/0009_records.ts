/**
 * Records (issue 12), in step with the SQLite migration 0007_records: archived people and a unique
 * external id per tenant, the status a device had before repair, unique loan group names, ticket
 * changes and comments, cost notes, the purpose of a setup link, and the audit log read by target
 * and by actor.
 */
export const sql = `
ALTER TABLE people ADD COLUMN archived_at text COLLATE "C";
CREATE UNIQUE INDEX people_tenant_external_id_key ON people (tenant_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX people_tenant_email_idx ON people (tenant_id, email) WHERE email IS NOT NULL;

ALTER TABLE devices ADD COLUMN status_before_repair text;

DROP INDEX loan_groups_tenant_name_idx;
CREATE UNIQUE INDEX loan_groups_tenant_name_key ON loan_groups (tenant_id, name);
CREATE INDEX loan_groups_tenant_name_idx ON loan_groups (tenant_id, name COLLATE "C", id COLLATE "C");

ALTER TABLE tickets ADD COLUMN updated_at text COLLATE "C" NOT NULL DEFAULT '';
UPDATE tickets SET updated_at = created_at;
ALTER TABLE tickets ALTER COLUMN updated_at DROP DEFAULT;
CREATE INDEX tickets_requester_idx ON tickets (tenant_id, requester_id) WHERE requester_id IS NOT NULL;
CREATE INDEX tickets_assignee_idx ON tickets (tenant_id, assignee_id) WHERE assignee_id IS NOT NULL;

CREATE TABLE ticket_comments (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  tenant_id text NOT NULL,
  ticket_id text NOT NULL,
  author_type text NOT NULL,
  author_id text NOT NULL,
  author_name text NOT NULL,
  body text NOT NULL,
  internal boolean NOT NULL,
  created_at text COLLATE "C" NOT NULL
);
-- Oldest first; seq breaks ties between comments of the same instant.
CREATE INDEX ticket_comments_ticket_idx ON ticket_comments (tenant_id, ticket_id, created_at, seq);

ALTER TABLE cost_entries ADD COLUMN note text;
-- The cost list is newest first: by date, then the later-recorded entry first (as SQLite's rowid).
ALTER TABLE cost_entries ADD COLUMN seq bigserial NOT NULL;

ALTER TABLE setup_links ADD COLUMN purpose text NOT NULL DEFAULT 'recovery';

CREATE INDEX audit_entries_target_idx ON audit_entries (tenant_id, target, at, seq);
CREATE INDEX audit_entries_actor_idx ON audit_entries (tenant_id, actor_id, at, seq);
`;
