/**
 * Records (issue 12): what the console keeps day to day.
 *
 * - People are archived, never deleted (`archived_at`); an external id (the MIS or directory id) is
 *   unique per tenant, because imports upsert by it; imports without one match by e-mail.
 * - A device remembers the status it had before it went into repair, to go back to it.
 * - Loan group names are unique per tenant: imports and people name groups by name.
 * - Tickets change (`updated_at`) and carry comments, internal notes among them.
 * - Cost entries carry an optional note (purchases, parts and licences entered by hand).
 * - A setup link is a recovery link (an administrator's, four hours) or an invitation (a new
 *   user's, seven days): `purpose`.
 * - The audit log is read by target (a device's history) and by actor (the audit page's filters).
 */
export const sql = `
ALTER TABLE people ADD COLUMN archived_at TEXT;
CREATE UNIQUE INDEX people_tenant_external_id ON people (tenant_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX people_tenant_email ON people (tenant_id, email) WHERE email IS NOT NULL;

ALTER TABLE devices ADD COLUMN status_before_repair TEXT;

DROP INDEX loan_groups_tenant_name;
CREATE UNIQUE INDEX loan_groups_tenant_name ON loan_groups (tenant_id, name);

ALTER TABLE tickets ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
UPDATE tickets SET updated_at = created_at;
CREATE INDEX tickets_tenant_requester ON tickets (tenant_id, requester_id) WHERE requester_id IS NOT NULL;
CREATE INDEX tickets_tenant_assignee ON tickets (tenant_id, assignee_id) WHERE assignee_id IS NOT NULL;

CREATE TABLE ticket_comments (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  ticket_id TEXT NOT NULL,
  author_type TEXT NOT NULL,
  author_id TEXT NOT NULL,
  author_name TEXT NOT NULL,
  body TEXT NOT NULL,
  internal INTEGER NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
-- Oldest first; the implicit rowid breaks ties between comments of the same instant.
CREATE INDEX ticket_comments_ticket ON ticket_comments (tenant_id, ticket_id, created_at);

ALTER TABLE cost_entries ADD COLUMN note TEXT;

ALTER TABLE setup_links ADD COLUMN purpose TEXT NOT NULL DEFAULT 'recovery';

CREATE INDEX audit_entries_tenant_target_at ON audit_entries (tenant_id, target, at);
CREATE INDEX audit_entries_tenant_actor_at ON audit_entries (tenant_id, actor_id, at);
`;
