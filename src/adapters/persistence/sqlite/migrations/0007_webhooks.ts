// Webhooks (issue 11): one row per webhook with its sealed secrets and delivery progress (a cursor
// over the tenant's event ids, a lease while a worker delivers), and the log of attempts.
export const sql = `
CREATE TABLE webhooks (
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  id TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  description TEXT,
  enabled INTEGER NOT NULL,
  disabled_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  secret TEXT NOT NULL,
  previous_secret TEXT,
  previous_secret_until TEXT,
  cursor_event_id INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  next_attempt_at TEXT,
  lease_owner TEXT,
  lease_until TEXT,
  PRIMARY KEY (tenant_id, id)
) STRICT;
CREATE INDEX webhooks_due ON webhooks (enabled, next_attempt_at);

CREATE TABLE webhook_deliveries (
  tenant_id TEXT NOT NULL,
  id TEXT NOT NULL,
  webhook_id TEXT NOT NULL,
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id INTEGER,
  message_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status_code INTEGER,
  duration_ms INTEGER NOT NULL,
  error TEXT,
  outcome TEXT NOT NULL,
  next_attempt_at TEXT,
  at TEXT NOT NULL,
  body TEXT,
  FOREIGN KEY (tenant_id, webhook_id) REFERENCES webhooks (tenant_id, id) ON DELETE CASCADE
) STRICT;
CREATE UNIQUE INDEX webhook_deliveries_id ON webhook_deliveries (tenant_id, id);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (tenant_id, webhook_id, seq);
`;
