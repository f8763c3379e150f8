/**
 * Events (issue 11): each tenant numbers its own events (the `event` counter, taken in the writing
 * transaction), which is what readers resume after; existing events are numbered in their order.
 * Deployment jobs record when each scheduled job last ran; a tenant may name its own alert
 * addresses (NULL: its school administrators).
 */
export const sql = `
ALTER TABLE outbox_events ADD COLUMN event_id bigint;
UPDATE outbox_events o SET event_id = r.n
FROM (SELECT seq, row_number() OVER (PARTITION BY tenant_id ORDER BY seq) AS n FROM outbox_events) r
WHERE r.seq = o.seq;
ALTER TABLE outbox_events ALTER COLUMN event_id SET NOT NULL;
INSERT INTO tenant_counters (tenant_id, counter, next_value)
SELECT tenant_id, 'event', max(event_id) + 1 FROM outbox_events GROUP BY tenant_id;
DROP INDEX outbox_events_tenant_idx;
CREATE UNIQUE INDEX outbox_events_tenant_event ON outbox_events (tenant_id, event_id);

CREATE TABLE deployment_jobs (
  name text PRIMARY KEY,
  last_started_at text COLLATE "C",
  last_finished_at text COLLATE "C",
  last_outcome text,
  last_error text
);

ALTER TABLE tenants ADD COLUMN alert_emails jsonb;
`;
