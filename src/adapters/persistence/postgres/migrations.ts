/**
 * Versioned Postgres migrations, applied in order by `PgDatabase.migrate()` and recorded in
 * `schema_migrations`. Never edit an applied migration: append a new one.
 *
 * Conventions (kept in step with the SQLite adapter's column names):
 * - Dates (`YYYY-MM-DD`) and instants (ISO 8601 UTC) are TEXT so both dialects compare them the same way
 *   and pg never turns them into JS Dates; they and serials, slugs and prefixes use COLLATE "C" so they
 *   order by bytes whatever the database's locale (as SQLite's BINARY does).
 * - Names keep the database collation, so ILIKE folds case beyond ASCII; where a list is ordered by
 *   name, the query orders by `name COLLATE "C"` and a matching index exists.
 * - Money is bigint minor units. Unique constraints are named: the adapter maps each name to the thing
 *   it names in the conflict message.
 * - tenant_id columns are not foreign keys: every query filters by tenant, and bulk seeding stays fast.
 */
export interface Migration {
  readonly version: string;
  readonly sql: string;
}

const initial = `
-- The extension is database-wide; keeping it in public means dropping one Desk schema never drops it
-- from under another. Trigram GIN indexes serve ILIKE '%text%' searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE tenants (
  id text PRIMARY KEY,
  slug text COLLATE "C" NOT NULL CONSTRAINT tenants_slug_key UNIQUE,
  name text NOT NULL,
  time_zone text NOT NULL,
  currency text NOT NULL,
  created_at text COLLATE "C" NOT NULL
);

CREATE TABLE tenant_hosts (
  host text COLLATE "C" CONSTRAINT tenant_hosts_pkey PRIMARY KEY,
  tenant_id text NOT NULL
);
CREATE INDEX tenant_hosts_tenant_idx ON tenant_hosts (tenant_id);

CREATE TABLE tenant_modules (
  tenant_id text NOT NULL,
  module text COLLATE "C" NOT NULL,
  PRIMARY KEY (tenant_id, module)
);

-- A missing row means the counter's next value is 1.
CREATE TABLE tenant_counters (
  tenant_id text NOT NULL,
  counter text NOT NULL,
  next_value bigint NOT NULL,
  PRIMARY KEY (tenant_id, counter)
);

CREATE TABLE people (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  email text,
  kind text NOT NULL,
  user_group text,
  external_id text
);
CREATE INDEX people_tenant_name_idx ON people (tenant_id, name COLLATE "C", id COLLATE "C");
-- One trigram index serves people search and the holder-name search of the loan inventory (see
-- personSearchText in repositories/people.ts): one GIN index instead of three keeps bulk loads fast.
CREATE INDEX people_search_trgm_idx ON people
  USING gin ((name || ' ' || coalesce(email, '') || ' ' || coalesce(external_id, '')) gin_trgm_ops);

CREATE TABLE devices (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  serial text COLLATE "C" NOT NULL,
  kind text NOT NULL,
  manufacturer text,
  model text,
  status text NOT NULL,
  assigned_person_id text,
  purchase_date text COLLATE "C",
  purchase_cost_minor bigint,
  warranty_end text COLLATE "C",
  CONSTRAINT devices_tenant_serial_key UNIQUE (tenant_id, serial)
);
CREATE INDEX devices_assigned_idx ON devices (tenant_id, assigned_person_id);

CREATE TABLE loan_groups (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL
);
CREATE INDEX loan_groups_tenant_name_idx ON loan_groups (tenant_id, name COLLATE "C", id COLLATE "C");
CREATE INDEX loan_groups_name_trgm_idx ON loan_groups USING gin (name gin_trgm_ops);

CREATE TABLE loans (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  number integer NOT NULL,
  kind text NOT NULL,
  serial text COLLATE "C" NOT NULL,
  group_id text NOT NULL,
  status text NOT NULL,
  holder_id text,
  user_group text,
  issued_at text COLLATE "C",
  due_date text COLLATE "C",
  version integer NOT NULL,
  -- INCLUDE (id): paging through the whole inventory reads only this index.
  CONSTRAINT loans_tenant_number_key UNIQUE (tenant_id, number) INCLUDE (id),
  CONSTRAINT loans_tenant_serial_key UNIQUE (tenant_id, serial)
);
CREATE INDEX loans_status_idx ON loans (tenant_id, status, number);
CREATE INDEX loans_group_idx ON loans (tenant_id, group_id, number);
CREATE INDEX loans_holder_idx ON loans (tenant_id, holder_id);
CREATE INDEX loans_due_idx ON loans (tenant_id, status, due_date);
CREATE INDEX loans_user_group_idx ON loans (tenant_id, user_group, number);
CREATE INDEX loans_serial_trgm_idx ON loans USING gin (serial gin_trgm_ops);

CREATE TABLE submissions (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  number integer NOT NULL,
  serial text COLLATE "C" NOT NULL,
  description text NOT NULL,
  reporter_id text,
  assignee_id text,
  status text NOT NULL,
  coverage text,
  cost_minor bigint,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  version integer NOT NULL,
  CONSTRAINT submissions_tenant_number_key UNIQUE (tenant_id, number)
);
CREATE INDEX submissions_serial_idx ON submissions (tenant_id, serial);
CREATE INDEX submissions_assignee_idx ON submissions (tenant_id, assignee_id);
CREATE INDEX submissions_reporter_idx ON submissions (tenant_id, reporter_id);

CREATE TABLE tickets (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  number integer NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL,
  priority text NOT NULL,
  requester_id text,
  assignee_id text,
  created_at text COLLATE "C" NOT NULL,
  CONSTRAINT tickets_tenant_number_key UNIQUE (tenant_id, number)
);

CREATE TABLE cost_entries (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  type text COLLATE "C" NOT NULL,
  coverage text COLLATE "C",
  amount_minor bigint NOT NULL,
  date text COLLATE "C" NOT NULL,
  source text NOT NULL
);
CREATE INDEX cost_entries_date_idx ON cost_entries (tenant_id, date);

CREATE TABLE users (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL,
  loan_group_ids jsonb NOT NULL,
  password_hash text,
  active boolean NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  CONSTRAINT users_tenant_email_key UNIQUE (tenant_id, email)
);
CREATE INDEX users_email_idx ON users (email);

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  prefix text COLLATE "C" NOT NULL,
  hash text NOT NULL,
  scopes jsonb NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C",
  last_used_at text COLLATE "C",
  revoked_at text COLLATE "C"
);
CREATE INDEX api_keys_prefix_idx ON api_keys (prefix);
CREATE INDEX api_keys_tenant_idx ON api_keys (tenant_id, created_at, id COLLATE "C");

CREATE TABLE setup_links (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  token_hash text NOT NULL CONSTRAINT setup_links_token_hash_key UNIQUE,
  file_path text,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  used_at text COLLATE "C",
  replaced_at text COLLATE "C"
);
CREATE INDEX setup_links_user_idx ON setup_links (tenant_id, user_id);

-- seq breaks ties between entries written in the same instant (newest first = highest seq).
CREATE TABLE audit_entries (
  id text PRIMARY KEY,
  seq bigserial NOT NULL,
  tenant_id text NOT NULL,
  actor_type text NOT NULL,
  actor_id text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  at text COLLATE "C" NOT NULL,
  details jsonb NOT NULL
);
CREATE INDEX audit_entries_tenant_idx ON audit_entries (tenant_id, at, seq);

CREATE TABLE outbox_events (
  seq bigserial PRIMARY KEY,
  id text NOT NULL CONSTRAINT outbox_events_id_key UNIQUE,
  tenant_id text NOT NULL,
  kind text NOT NULL,
  occurred_at text COLLATE "C" NOT NULL,
  payload jsonb NOT NULL
);
CREATE INDEX outbox_events_tenant_idx ON outbox_events (tenant_id, seq);
`;

// Loan counts per (tenant, group, status, kind, due date), kept by statement-level triggers, so the
// inventory summary and unfiltered totals add up a few hundred rows instead of counting every loan.
// due_date '' stands for "no due date" (primary key columns cannot be null).
const loanTallies = `
CREATE TABLE loan_tallies (
  tenant_id text NOT NULL,
  group_id text NOT NULL,
  status text NOT NULL,
  kind text NOT NULL,
  due_date text COLLATE "C" NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, group_id, status, kind, due_date)
);

-- One upsert per statement. Rows are upserted in key order, so concurrent writers lock tally rows in
-- the same order and cannot deadlock; net-zero changes (a version bump) touch no tally row. Rows that
-- drop to zero are removed, so the table holds only keys that have loans (a few per group).
CREATE FUNCTION loan_tallies_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO loan_tallies AS t (tenant_id, group_id, status, kind, due_date, n)
    SELECT tenant_id, group_id, status, kind, coalesce(due_date, ''), count(*) FROM new_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, group_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO loan_tallies AS t (tenant_id, group_id, status, kind, due_date, n)
    SELECT tenant_id, group_id, status, kind, coalesce(due_date, ''), -count(*) FROM old_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, group_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO loan_tallies AS t (tenant_id, group_id, status, kind, due_date, n)
    SELECT tenant_id, group_id, status, kind, due_date, sum(delta) FROM (
      SELECT tenant_id, group_id, status, kind, coalesce(due_date, '') AS due_date, -1 AS delta FROM old_rows
      UNION ALL
      SELECT tenant_id, group_id, status, kind, coalesce(due_date, ''), 1 FROM new_rows
    ) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, group_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM loan_tallies t USING (SELECT DISTINCT tenant_id, group_id, status, kind, due_date FROM old_rows) o
    WHERE t.n = 0 AND t.tenant_id = o.tenant_id AND t.group_id = o.group_id AND t.status = o.status
      AND t.kind = o.kind AND t.due_date = coalesce(o.due_date, '');
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION loan_tallies_clear() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM loan_tallies;
  RETURN NULL;
END $$;

-- A trigger with transition tables serves one event, hence three.
CREATE TRIGGER loans_tally_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tallies_apply();
CREATE TRIGGER loans_tally_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tallies_apply();
CREATE TRIGGER loans_tally_delete AFTER DELETE ON loans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tallies_apply();
CREATE TRIGGER loans_tally_truncate AFTER TRUNCATE ON loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tallies_clear();

INSERT INTO loan_tallies (tenant_id, group_id, status, kind, due_date, n)
SELECT tenant_id, group_id, status, kind, coalesce(due_date, ''), count(*) FROM loans GROUP BY 1, 2, 3, 4, 5;
`;

/** Console sign-in sessions (issue 4): the JWT carries the id, every request checks the row. */
const sessions = `
CREATE TABLE sessions (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  revoked_at text
);
CREATE INDEX sessions_tenant_user ON sessions (tenant_id, user_id);
`;

/**
 * The inventory at district size (issue 4).
 *
 * - `loan_tenant_tallies` is `loan_tallies` without the group, kept by its own statement-level
 *   triggers: the summary of a whole tenant (and unfiltered totals) add up a few hundred rows instead
 *   of one per group and due date (51,000 at district size).
 * - Loans carry their holder's and group's names (`holder_name`, `group_name`) for free-text `q`: one
 *   trigram index over serial and both names finds the candidates, with no join to people or groups.
 *   PgLoanRepository sets them when it stores or changes a loan; triggers follow people and groups
 *   (renames, and people or groups stored after their loans). The index replaces the serial one;
 *   people_search_trgm_idx now serves people search alone.
 * - `loans_status_number_idx` and `loans_kind_number_idx` (replacing `loans_status_idx` and
 *   `loans_due_idx`): a page of a status, a kind or the overdue loans is read in number order from an
 *   index alone.
 */
const loanSearch = `
CREATE TABLE loan_tenant_tallies (
  tenant_id text NOT NULL,
  status text NOT NULL,
  kind text NOT NULL,
  due_date text COLLATE "C" NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, status, kind, due_date)
);

-- As loan_tallies_apply, without the group.
CREATE FUNCTION loan_tenant_tallies_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO loan_tenant_tallies AS t (tenant_id, status, kind, due_date, n)
    SELECT tenant_id, status, kind, coalesce(due_date, ''), count(*) FROM new_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO loan_tenant_tallies AS t (tenant_id, status, kind, due_date, n)
    SELECT tenant_id, status, kind, coalesce(due_date, ''), -count(*) FROM old_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO loan_tenant_tallies AS t (tenant_id, status, kind, due_date, n)
    SELECT tenant_id, status, kind, due_date, sum(delta) FROM (
      SELECT tenant_id, status, kind, coalesce(due_date, '') AS due_date, -1 AS delta FROM old_rows
      UNION ALL
      SELECT tenant_id, status, kind, coalesce(due_date, ''), 1 FROM new_rows
    ) d
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM loan_tenant_tallies t USING (SELECT DISTINCT tenant_id, status, kind, due_date FROM old_rows) o
    WHERE t.n = 0 AND t.tenant_id = o.tenant_id AND t.status = o.status AND t.kind = o.kind
      AND t.due_date = coalesce(o.due_date, '');
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION loan_tenant_tallies_clear() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM loan_tenant_tallies;
  RETURN NULL;
END $$;

CREATE TRIGGER loans_tenant_tally_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tenant_tallies_apply();
CREATE TRIGGER loans_tenant_tally_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tenant_tallies_apply();
CREATE TRIGGER loans_tenant_tally_delete AFTER DELETE ON loans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tenant_tallies_apply();
CREATE TRIGGER loans_tenant_tally_truncate AFTER TRUNCATE ON loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tenant_tallies_clear();

INSERT INTO loan_tenant_tallies (tenant_id, status, kind, due_date, n)
SELECT tenant_id, status, kind, due_date, sum(n) FROM loan_tallies GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;

-- The overdue index went with the old status one: bound to a date, the planner preferred it and then
-- sorted every overdue loan.
DROP INDEX loans_status_idx;
DROP INDEX loans_due_idx;
CREATE INDEX loans_status_number_idx ON loans (tenant_id, status, number) INCLUDE (due_date, kind);
CREATE INDEX loans_kind_number_idx ON loans (tenant_id, kind, number) INCLUDE (status, due_date);

ALTER TABLE loans ADD COLUMN holder_name text, ADD COLUMN group_name text;
UPDATE loans l SET holder_name = p.name FROM people p WHERE p.tenant_id = l.tenant_id AND p.id = l.holder_id;
UPDATE loans l SET group_name = g.name FROM loan_groups g WHERE g.tenant_id = l.tenant_id AND g.id = l.group_id;
DROP INDEX loans_serial_trgm_idx;
-- The expression of loanSearchText() in repositories/loan-filter.ts.
CREATE INDEX loans_search_trgm_idx ON loans USING gin (
  ((serial COLLATE "default") || ' ' || coalesce(holder_name, '') || ' ' || coalesce(group_name, '')) gin_trgm_ops
);

-- Names follow people and groups. Statement-level, so a bulk insert of people or groups costs one
-- join with their loans (usually none yet), not a trigger per row.
CREATE FUNCTION loans_follow_holder_names() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE loans l SET holder_name = n.name FROM new_rows n
  WHERE l.tenant_id = n.tenant_id AND l.holder_id = n.id AND l.holder_name IS DISTINCT FROM n.name;
  RETURN NULL;
END $$;
CREATE FUNCTION loans_follow_group_names() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE loans l SET group_name = n.name FROM new_rows n
  WHERE l.tenant_id = n.tenant_id AND l.group_id = n.id AND l.group_name IS DISTINCT FROM n.name;
  RETURN NULL;
END $$;
CREATE TRIGGER people_loan_names_insert AFTER INSERT ON people REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loans_follow_holder_names();
CREATE TRIGGER people_loan_names_update AFTER UPDATE ON people REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loans_follow_holder_names();
CREATE TRIGGER loan_groups_loan_names_insert AFTER INSERT ON loan_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loans_follow_group_names();
CREATE TRIGGER loan_groups_loan_names_update AFTER UPDATE ON loan_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loans_follow_group_names();
`;

/**
 * Issued loans alone in number order, for the overdue filter: smaller than the status index, so the
 * planner walks it (about 9 ms for a middle page at district size) rather than sorting every overdue
 * loan after a parallel scan of the tenant (about 60 ms).
 */
const loansIssuedIndex = `
CREATE INDEX loans_issued_number_idx ON loans (tenant_id, number) INCLUDE (due_date, kind) WHERE status = 'ISSUED';
`;

/**
 * Events (issue 11): each tenant numbers its own events (the `event` counter, taken in the writing
 * transaction), which is what readers resume after; existing events are numbered in their order.
 * Deployment jobs record when each scheduled job last ran; a tenant may name its own alert
 * addresses (NULL: its school administrators).
 */
const events = `
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

// Webhooks (issue 11): see the SQLite migration of the same name.
const webhooks = `
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

/**
 * Monitors (issue 11, point 6): a tenant's checked addresses with their state and last check, found
 * by the scheduler through `next_check_at` across tenants; and the deployment's own monitors (the
 * data disk), which belong to no tenant.
 */
const monitors = `
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

/**
 * Records (issue 12), in step with the SQLite migration 0007_records: archived people and a unique
 * external id per tenant, the status a device had before repair, unique loan group names, ticket
 * changes and comments, cost notes, the purpose of a setup link, and the audit log read by target
 * and by actor.
 */
const records = `
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

/**
 * Single sign-on (the identity issue), in step with the SQLite migration 0009_sso: each school's
 * OpenID provider (its client secret sealed under ENCRYPTION_KEY), the bindings of users to provider
 * accounts (unique per issuer and subject, and per user and issuer), and the sign-ins in progress,
 * keyed by the SHA-256 hash of their state, pruned per school once expired.
 */
const sso = `
CREATE TABLE sso_providers (
  tenant_id text PRIMARY KEY,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret text NOT NULL,
  label text NOT NULL,
  domains jsonb NOT NULL,
  passwords_allowed boolean NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);

CREATE TABLE sso_bindings (
  tenant_id text NOT NULL,
  issuer text COLLATE "C" NOT NULL,
  subject text COLLATE "C" NOT NULL,
  user_id text NOT NULL,
  email text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  last_sign_in_at text COLLATE "C" NOT NULL,
  CONSTRAINT sso_bindings_pkey PRIMARY KEY (tenant_id, issuer, subject)
);
CREATE UNIQUE INDEX sso_bindings_user_key ON sso_bindings (tenant_id, user_id, issuer);

CREATE TABLE sso_sign_ins (
  state_hash text COLLATE "C" PRIMARY KEY,
  tenant_id text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  return_to text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  used_at text COLLATE "C"
);
CREATE INDEX sso_sign_ins_tenant_expiry_idx ON sso_sign_ins (tenant_id, expires_at);
`;

/**
 * Desk as the OAuth authorization server of its MCP endpoint (issue 20), in step with the SQLite
 * migration 0010_oauth: registered apps (deployment-wide), authorization requests with their one-use
 * codes, grants (a person's consent for an app) and their tokens (hashes only), and the app a person
 * acted through on an audit entry.
 */
const oauth = `
CREATE TABLE oauth_clients (
  id text PRIMARY KEY,
  name text NOT NULL,
  redirect_uris jsonb NOT NULL,
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX oauth_clients_created_idx ON oauth_clients (created_at);

CREATE TABLE oauth_authorizations (
  id text PRIMARY KEY,
  tenant_id text,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_name text NOT NULL,
  client_host text,
  redirect_uri text NOT NULL,
  state text,
  code_challenge text NOT NULL,
  requested_scopes jsonb,
  resource text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  decided_at text COLLATE "C",
  user_id text,
  scopes jsonb,
  code_hash text CONSTRAINT oauth_authorizations_code_hash_key UNIQUE,
  code_expires_at text COLLATE "C",
  code_used_at text COLLATE "C",
  grant_id text
);
CREATE INDEX oauth_authorizations_expires_idx ON oauth_authorizations (expires_at);

CREATE TABLE oauth_grants (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  client_id text NOT NULL,
  client_name text NOT NULL,
  client_host text,
  scopes jsonb NOT NULL,
  resource text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  last_used_at text COLLATE "C",
  revoked_at text COLLATE "C",
  revoked_reason text
);
-- Newest first, the school's or one person's.
CREATE INDEX oauth_grants_tenant_created_idx ON oauth_grants (tenant_id, created_at, id COLLATE "C");
CREATE INDEX oauth_grants_tenant_user_idx ON oauth_grants (tenant_id, user_id, created_at, id COLLATE "C");

CREATE TABLE oauth_tokens (
  hash text PRIMARY KEY,
  tenant_id text NOT NULL,
  grant_id text NOT NULL,
  kind text NOT NULL,
  scopes jsonb NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  used_at text COLLATE "C"
);
CREATE INDEX oauth_tokens_grant_idx ON oauth_tokens (tenant_id, grant_id, expires_at);

ALTER TABLE audit_entries ADD COLUMN actor_via text;
`;

export const MIGRATIONS: readonly Migration[] = [
  { version: '0001_initial', sql: initial },
  { version: '0002_loan_tallies', sql: loanTallies },
  { version: '0003_sessions', sql: sessions },
  { version: '0004_loan_search', sql: loanSearch },
  { version: '0005_loans_issued_index', sql: loansIssuedIndex },
  { version: '0006_events', sql: events },
  { version: '0007_webhooks', sql: webhooks },
  { version: '0008_monitors', sql: monitors },
  { version: '0009_records', sql: records },
  { version: '0010_sso', sql: sso },
  { version: '0011_oauth', sql: oauth },
];
