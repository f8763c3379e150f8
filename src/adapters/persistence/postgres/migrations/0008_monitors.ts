/**
 * Monitors (issue 11, point 6): a tenant's checked addresses with their state and last check, found
 * by the scheduler through `next_check_at` across tenants; and the deployment's own monitors (the
 * data disk), which belong to no tenant.
 */
export const sql = `
CREATE TABLE monitors (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  url text NOT NULL,
  interval_seconds integer NOT NULL,
  expect_status integer,
  state text NOT NULL,
  since text COLLATE "C",
  consecutive_failures integer NOT NULL,
  last_check jsonb,
  next_check_at text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);
CREATE INDEX monitors_tenant_name ON monitors (tenant_id, name, id);
CREATE INDEX monitors_due ON monitors (next_check_at, id COLLATE "C");

CREATE TABLE deployment_monitors (
  name text PRIMARY KEY,
  state text NOT NULL,
  since text COLLATE "C",
  consecutive_failures integer NOT NULL,
  last_check jsonb
);
`;
