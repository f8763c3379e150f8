/**
 * Monitors (issue 11, point 6): a tenant's checked addresses with their state and last check (JSON),
 * found by the scheduler through `next_check_at` across tenants; and the deployment's own monitors
 * (the data disk), which belong to no tenant.
 */
export const sql = `
CREATE TABLE monitors (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  interval_seconds INTEGER NOT NULL,
  expect_status INTEGER,
  state TEXT NOT NULL,
  since TEXT,
  consecutive_failures INTEGER NOT NULL,
  last_check TEXT,
  next_check_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX monitors_tenant_name ON monitors (tenant_id, name, id);
CREATE INDEX monitors_due ON monitors (next_check_at, id);

CREATE TABLE deployment_monitors (
  name TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  since TEXT,
  consecutive_failures INTEGER NOT NULL,
  last_check TEXT
) STRICT;
`;
