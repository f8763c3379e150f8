/**
 * Service targets on the school's calendar (issue 30, point 5): a school's closure days (imported
 * ones keep their calendar event's UID, so an import again updates them), each ticket's service
 * clock (keyed by the ticket's own id: the school minutes its resolution used, since when it runs,
 * what was sent, and when next to look), and on tickets their due times, their first answer and the
 * earliest running due time the queue sorts by. Tickets open before this release get a clock marked
 * as having sent everything, so the first round of the job gives them due times without a burst of
 * warnings; their first answer is taken from their status, or their first public comment.
 */
export const sql = `
CREATE TABLE closure_days (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  starts_on text COLLATE "C" NOT NULL,
  ends_on text COLLATE "C" NOT NULL,
  uid text,
  created_at text COLLATE "C" NOT NULL,
  UNIQUE (tenant_id, uid)
);
CREATE INDEX closure_days_tenant_starts ON closure_days (tenant_id, starts_on);

CREATE TABLE ticket_clocks (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  used_minutes integer NOT NULL,
  running_since text COLLATE "C",
  notified integer NOT NULL,
  next_check_at text COLLATE "C"
);
CREATE INDEX ticket_clocks_next_check ON ticket_clocks (next_check_at) WHERE next_check_at IS NOT NULL;

ALTER TABLE tickets ADD COLUMN first_response_due_at text COLLATE "C";
ALTER TABLE tickets ADD COLUMN first_responded_at text COLLATE "C";
ALTER TABLE tickets ADD COLUMN resolution_due_at text COLLATE "C";
ALTER TABLE tickets ADD COLUMN due_at text COLLATE "C";
CREATE INDEX tickets_tenant_due ON tickets (tenant_id, due_at) WHERE due_at IS NOT NULL;

UPDATE tickets SET first_responded_at = CASE
  WHEN status IN ('PENDING', 'RESOLVED', 'CLOSED') THEN updated_at
  ELSE (SELECT min(c.created_at) FROM ticket_comments c
        WHERE c.tenant_id = tickets.tenant_id AND c.ticket_id = tickets.id AND NOT c.internal)
END;
INSERT INTO ticket_clocks (id, tenant_id, used_minutes, running_since, notified, next_check_at)
  SELECT id, tenant_id, 0, CASE WHEN status IN ('NEW', 'OPEN') THEN created_at END, 15, created_at
  FROM tickets WHERE status <> 'CLOSED';
`;
