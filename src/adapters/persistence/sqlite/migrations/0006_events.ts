/**
 * Events (issue 11): each tenant numbers its own events (the `event` counter, taken in the writing
 * transaction), which is what readers resume after; existing events are numbered in their order.
 * Deployment jobs record when each scheduled job last ran, so a schedule survives restarts; a tenant
 * may name its own alert addresses (NULL: its school administrators).
 */
export const sql = `
ALTER TABLE outbox_events ADD COLUMN event_id INTEGER NOT NULL DEFAULT 0;
UPDATE outbox_events SET event_id = r.n
FROM (SELECT seq, row_number() OVER (PARTITION BY tenant_id ORDER BY seq) AS n FROM outbox_events) AS r
WHERE r.seq = outbox_events.seq;
INSERT INTO tenant_counters (tenant_id, counter, next_value)
SELECT tenant_id, 'event', max(event_id) + 1 FROM outbox_events WHERE true GROUP BY tenant_id;
DROP INDEX outbox_events_tenant_seq;
CREATE UNIQUE INDEX outbox_events_tenant_event ON outbox_events (tenant_id, event_id);

CREATE TABLE deployment_jobs (
  name TEXT PRIMARY KEY,
  last_started_at TEXT,
  last_finished_at TEXT,
  last_outcome TEXT,
  last_error TEXT
) STRICT;

ALTER TABLE tenants ADD COLUMN alert_emails TEXT;
`;
