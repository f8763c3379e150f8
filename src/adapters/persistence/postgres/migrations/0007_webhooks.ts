// Webhooks (issue 11): see the SQLite migration of the same name.
export const sql = `
CREATE TABLE webhooks (
  tenant_id text NOT NULL REFERENCES tenants(id),
  id text NOT NULL,
  url text NOT NULL,
  events jsonb NOT NULL,
  description text,
  enabled boolean NOT NULL,
  disabled_reason text,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  secret text NOT NULL,
  previous_secret text,
  previous_secret_until text COLLATE "C",
  cursor_event_id bigint NOT NULL,
  attempt integer NOT NULL,
  next_attempt_at text COLLATE "C",
  lease_owner text,
  lease_until text COLLATE "C",
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX webhooks_due ON webhooks (next_attempt_at) WHERE enabled;

CREATE TABLE webhook_deliveries (
  tenant_id text NOT NULL,
  id text NOT NULL,
  webhook_id text NOT NULL,
  seq bigserial PRIMARY KEY,
  event_id bigint,
  message_id text NOT NULL,
  kind text NOT NULL,
  attempt integer NOT NULL,
  status_code integer,
  duration_ms integer NOT NULL,
  error text,
  outcome text NOT NULL,
  next_attempt_at text COLLATE "C",
  at text COLLATE "C" NOT NULL,
  body text,
  FOREIGN KEY (tenant_id, webhook_id) REFERENCES webhooks (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX webhook_deliveries_id ON webhook_deliveries (tenant_id, id);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (tenant_id, webhook_id, seq);
`;
