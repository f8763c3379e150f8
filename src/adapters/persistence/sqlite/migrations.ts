/**
 * Versioned schema migrations, applied in order and recorded in `schema_migrations`. Never edit a
 * released migration: add the next one. Column names match the Postgres adapter's.
 *
 * Conventions: STRICT tables; dates `YYYY-MM-DD` TEXT, instants ISO 8601 TEXT, money INTEGER minor
 * units, JSON as TEXT. Every query filters by tenant_id first, so every index starts with it.
 * tenant_id columns are not foreign keys (as on Postgres): bulk seeding stays fast.
 */
export interface Migration {
  readonly version: string;
  readonly sql: string;
}

const initial = `
CREATE TABLE tenants (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  currency TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE tenant_hosts (
  host TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL
) STRICT;
CREATE INDEX tenant_hosts_tenant ON tenant_hosts (tenant_id);

CREATE TABLE tenant_modules (
  tenant_id TEXT NOT NULL,
  module TEXT NOT NULL,
  PRIMARY KEY (tenant_id, module)
) STRICT;

-- A missing row means the next number is 1.
CREATE TABLE tenant_counters (
  tenant_id TEXT NOT NULL,
  counter TEXT NOT NULL,
  next_value INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, counter)
) STRICT;

CREATE TABLE people (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT,
  kind TEXT NOT NULL,
  user_group TEXT,
  external_id TEXT
) STRICT;
-- Search is ordered by name, then id.
CREATE INDEX people_tenant_name ON people (tenant_id, name, id);

CREATE TABLE devices (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  serial TEXT NOT NULL,
  kind TEXT NOT NULL,
  manufacturer TEXT,
  model TEXT,
  status TEXT NOT NULL,
  assigned_person_id TEXT,
  purchase_date TEXT,
  purchase_cost_minor INTEGER,
  warranty_end TEXT,
  UNIQUE (tenant_id, serial)
) STRICT;
CREATE INDEX devices_tenant_assigned ON devices (tenant_id, assigned_person_id, serial);

CREATE TABLE loan_groups (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL
) STRICT;
CREATE INDEX loan_groups_tenant_name ON loan_groups (tenant_id, name);

CREATE TABLE loans (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  number INTEGER NOT NULL,
  kind TEXT NOT NULL,
  serial TEXT NOT NULL,
  group_id TEXT NOT NULL,
  status TEXT NOT NULL,
  holder_id TEXT,
  user_group TEXT,
  issued_at TEXT,
  due_date TEXT,
  version INTEGER NOT NULL,
  UNIQUE (tenant_id, number),
  UNIQUE (tenant_id, serial)
) STRICT;
-- Pages in number order come straight off these indexes (whole tenant, by status, by group).
CREATE INDEX loans_tenant_status_number ON loans (tenant_id, status, number);
CREATE INDEX loans_tenant_group_number ON loans (tenant_id, group_id, number);
-- Partial: only issued loans have a holder or a due date, so seeding a pool of available loans skips them.
CREATE INDEX loans_tenant_holder ON loans (tenant_id, holder_id, number) WHERE holder_id IS NOT NULL;
CREATE INDEX loans_tenant_issued_due ON loans (tenant_id, due_date, number) WHERE status = 'ISSUED';

-- How many loans share a group, status, kind and due date ('' for none). Kept by SqliteLoanRepository
-- in the transaction of every change to loans: the inventory summary and page totals of a
-- 200,000-loan tenant then read a few hundred rows instead of counting index entries. (A trigger
-- would keep it too, but made bulk seeding three times slower.)
CREATE TABLE loan_tallies (
  tenant_id TEXT NOT NULL,
  group_id TEXT NOT NULL,
  status TEXT NOT NULL,
  kind TEXT NOT NULL,
  due_date TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, group_id, status, kind, due_date)
) STRICT, WITHOUT ROWID;

CREATE TABLE submissions (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  number INTEGER NOT NULL,
  serial TEXT NOT NULL,
  description TEXT NOT NULL,
  reporter_id TEXT,
  assignee_id TEXT,
  status TEXT NOT NULL,
  coverage TEXT,
  cost_minor INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  version INTEGER NOT NULL,
  UNIQUE (tenant_id, number)
) STRICT;
CREATE INDEX submissions_tenant_status_number ON submissions (tenant_id, status, number);
CREATE INDEX submissions_tenant_serial ON submissions (tenant_id, serial);
CREATE INDEX submissions_tenant_assignee ON submissions (tenant_id, assignee_id);
CREATE INDEX submissions_tenant_reporter ON submissions (tenant_id, reporter_id);

CREATE TABLE tickets (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  number INTEGER NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL,
  priority TEXT NOT NULL,
  requester_id TEXT,
  assignee_id TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, number)
) STRICT;
CREATE INDEX tickets_tenant_status_number ON tickets (tenant_id, status, number);

CREATE TABLE cost_entries (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  type TEXT NOT NULL,
  coverage TEXT,
  amount_minor INTEGER NOT NULL,
  date TEXT NOT NULL,
  source TEXT NOT NULL
) STRICT;
CREATE INDEX cost_entries_tenant_date ON cost_entries (tenant_id, date);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  loan_group_ids TEXT NOT NULL,
  password_hash TEXT,
  active INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, email)
) STRICT;
-- findActiveAdminsByEmail looks across tenants.
CREATE INDEX users_email ON users (email);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  hash TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  last_used_at TEXT,
  revoked_at TEXT
) STRICT;
CREATE INDEX api_keys_prefix ON api_keys (prefix);
CREATE INDEX api_keys_tenant_created ON api_keys (tenant_id, created_at, id);

CREATE TABLE setup_links (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  file_path TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  replaced_at TEXT
) STRICT;
CREATE INDEX setup_links_tenant_user ON setup_links (tenant_id, user_id);

CREATE TABLE audit_entries (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  actor_type TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  at TEXT NOT NULL,
  details TEXT NOT NULL
) STRICT;
-- Newest first; the implicit rowid breaks ties between entries of the same instant.
CREATE INDEX audit_entries_tenant_at ON audit_entries (tenant_id, at);
CREATE INDEX audit_entries_tenant_action_at ON audit_entries (tenant_id, action, at);

-- AUTOINCREMENT: seq never goes back, even after the newest rows are deleted.
CREATE TABLE outbox_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  payload TEXT NOT NULL
) STRICT;
CREATE INDEX outbox_events_tenant_seq ON outbox_events (tenant_id, seq);
`;

/** Console sign-in sessions (issue 4): the JWT carries the id, every request checks the row. */
const sessions = `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
) STRICT;
CREATE INDEX sessions_tenant_user ON sessions (tenant_id, user_id);
`;

/**
 * The inventory at district size (issue 4): whole-tenant tallies, covering indexes, and the loan
 * search index behind free-text `q`.
 *
 * - `loan_tenant_tallies` is `loan_tallies` without the group: a few hundred rows per tenant, so the
 *   summary of the whole tenant (and unfiltered totals) no longer add up one row per group and due date
 *   (51,000 rows at district size). Kept by SqliteLoanRepository next to `loan_tallies`.
 * - `loans_tenant_status_number_due` and `loans_tenant_kind_number_due` replace the status and overdue
 *   indexes: a page of a status, a kind or the overdue loans is read in number order from an index.
 * - `loan_search` holds one row per loan, keyed `tenant key << 32 | number` (key order is number order
 *   within a tenant), with the serial, holder name and group name folded by desk_fold and the columns
 *   the inventory filters on. `loan_search_fts` is an FTS5 trigram index over the three texts
 *   (case-sensitive: they are folded already), kept in step with `loan_search` by triggers;
 *   `loan_search_terms` lists its trigrams.
 *   SqliteLoanRepository writes `loan_search` together with the loans; triggers on people and
 *   loan_groups follow renames (and groups stored after their loans). Those call desk_fold, which
 *   every SqliteDatabase connection registers (elsewhere such a write fails rather than drifts).
 */
const loanSearch = `
CREATE TABLE loan_tenant_tallies (
  tenant_id TEXT NOT NULL,
  status TEXT NOT NULL,
  kind TEXT NOT NULL,
  due_date TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, status, kind, due_date)
) STRICT, WITHOUT ROWID;
INSERT INTO loan_tenant_tallies (tenant_id, status, kind, due_date, n)
SELECT tenant_id, status, kind, due_date, sum(n) FROM loan_tallies GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;

-- Pages in number order for a status or a kind, overdue included, read from the index alone. The old
-- overdue index went: bound to a date, SQLite preferred it and then sorted every overdue loan.
DROP INDEX loans_tenant_status_number;
DROP INDEX loans_tenant_issued_due;
CREATE INDEX loans_tenant_status_number_due ON loans (tenant_id, status, number, due_date, kind);
CREATE INDEX loans_tenant_kind_number_due ON loans (tenant_id, kind, number, status, due_date);
-- A class (userGroup) filter, alone or with q, reads its loans in number order.
CREATE INDEX loans_tenant_user_group ON loans (tenant_id, user_group, number) WHERE user_group IS NOT NULL;

-- A small integer per tenant that has loans: the high half of loan_search keys.
CREATE TABLE loan_search_tenants (
  tenant_id TEXT PRIMARY KEY,
  key INTEGER NOT NULL UNIQUE
) STRICT;
INSERT INTO loan_search_tenants (tenant_id, key)
SELECT tenant_id, row_number() OVER (ORDER BY tenant_id) FROM (SELECT DISTINCT tenant_id FROM loans);

CREATE TABLE loan_search (
  key INTEGER PRIMARY KEY,
  status TEXT NOT NULL,
  kind TEXT NOT NULL,
  group_id TEXT NOT NULL,
  due_date TEXT,
  holder_id TEXT,
  user_group TEXT,
  serial TEXT NOT NULL,
  holder TEXT NOT NULL,
  grp TEXT NOT NULL
) STRICT;
INSERT INTO loan_search (key, status, kind, group_id, due_date, holder_id, user_group, serial, holder, grp)
SELECT (t.key << 32) | l.number, l.status, l.kind, l.group_id, l.due_date, l.holder_id, l.user_group,
  desk_fold(l.serial), coalesce(desk_fold(p.name), ''), coalesce(desk_fold(g.name), '')
FROM loans l
JOIN loan_search_tenants t ON t.tenant_id = l.tenant_id
LEFT JOIN people p ON p.tenant_id = l.tenant_id AND p.id = l.holder_id
LEFT JOIN loan_groups g ON g.tenant_id = l.tenant_id AND g.id = l.group_id;

-- Contentless: loan_search holds the texts. Each text is indexed with a U+0001 after it, so every
-- 2-character substring starts some trigram (see LoanSearch: 2-character q expands to those trigrams).
CREATE VIRTUAL TABLE loan_search_fts USING fts5(
  serial, holder, grp, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
);
INSERT INTO loan_search_fts (rowid, serial, holder, grp)
SELECT key, serial || char(1), holder || char(1), grp || char(1) FROM loan_search;
CREATE VIRTUAL TABLE loan_search_terms USING fts5vocab(loan_search_fts, 'row');

-- The FTS index follows loan_search.
CREATE TRIGGER loan_search_fts_insert AFTER INSERT ON loan_search BEGIN
  INSERT INTO loan_search_fts (rowid, serial, holder, grp)
  VALUES (NEW.key, NEW.serial || char(1), NEW.holder || char(1), NEW.grp || char(1));
END;
CREATE TRIGGER loan_search_fts_delete AFTER DELETE ON loan_search BEGIN
  DELETE FROM loan_search_fts WHERE rowid = OLD.key;
END;
CREATE TRIGGER loan_search_fts_update AFTER UPDATE OF serial, holder, grp ON loan_search
WHEN OLD.serial IS NOT NEW.serial OR OLD.holder IS NOT NEW.holder OR OLD.grp IS NOT NEW.grp BEGIN
  DELETE FROM loan_search_fts WHERE rowid = OLD.key;
  INSERT INTO loan_search_fts (rowid, serial, holder, grp)
  VALUES (NEW.key, NEW.serial || char(1), NEW.holder || char(1), NEW.grp || char(1));
END;

-- Names live in people and loan_groups: follow renames, and groups stored after their loans. A holder
-- must exist before a loan names them (IssueLoan checks it; seeding stores people first): a trigger
-- on every person stored would double the time of seeding 400,000 people.
CREATE TRIGGER people_loan_search_name AFTER UPDATE OF name ON people WHEN OLD.name IS NOT NEW.name BEGIN
  UPDATE loan_search SET holder = desk_fold(NEW.name)
  WHERE key IN (SELECT (t.key << 32) | l.number FROM loans l JOIN loan_search_tenants t ON t.tenant_id = l.tenant_id
                WHERE l.tenant_id = NEW.tenant_id AND l.holder_id = NEW.id);
END;
CREATE TRIGGER loan_groups_loan_search_insert AFTER INSERT ON loan_groups BEGIN
  UPDATE loan_search SET grp = desk_fold(NEW.name)
  WHERE key IN (SELECT (t.key << 32) | l.number FROM loans l JOIN loan_search_tenants t ON t.tenant_id = l.tenant_id
                WHERE l.tenant_id = NEW.tenant_id AND l.group_id = NEW.id);
END;
CREATE TRIGGER loan_groups_loan_search_name AFTER UPDATE OF name ON loan_groups WHEN OLD.name IS NOT NEW.name BEGIN
  UPDATE loan_search SET grp = desk_fold(NEW.name)
  WHERE key IN (SELECT (t.key << 32) | l.number FROM loans l JOIN loan_search_tenants t ON t.tenant_id = l.tenant_id
                WHERE l.tenant_id = NEW.tenant_id AND l.group_id = NEW.id);
END;
`;

/**
 * Events (issue 11): each tenant numbers its own events (the `event` counter, taken in the writing
 * transaction), which is what readers resume after; existing events are numbered in their order.
 * Deployment jobs record when each scheduled job last ran, so a schedule survives restarts; a tenant
 * may name its own alert addresses (NULL: its school administrators).
 */
const events = `
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

// Webhooks (issue 11): one row per webhook with its sealed secrets and delivery progress (a cursor
// over the tenant's event ids, a lease while a worker delivers), and the log of attempts.
const webhooks = `
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

/**
 * Monitors (issue 11, point 6): a tenant's checked addresses with their state and last check (JSON),
 * found by the scheduler through `next_check_at` across tenants; and the deployment's own monitors
 * (the data disk), which belong to no tenant.
 */
const monitors = `
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
const records = `
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

// Every access change (a key revoked, a session ended, a user or the modules changed) bumps this one
// row, so the commit is a change to the file and moves every other connection's data_version
// (sqlite-access-signal.ts), whatever else the transaction wrote.
const accessVersion = `
CREATE TABLE access_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
) STRICT;
INSERT INTO access_version (id, version) VALUES (1, 0);
`;

/**
 * Single sign-on (the identity issue): each school's OpenID provider (its client secret sealed under
 * ENCRYPTION_KEY, its allowed domains as a JSON array), the bindings of users to provider accounts
 * (unique per issuer and subject, and per user and issuer), and the sign-ins in progress, keyed by the
 * SHA-256 hash of their state, pruned per school once expired.
 */
const sso = `
CREATE TABLE sso_providers (
  tenant_id TEXT PRIMARY KEY,
  issuer TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  label TEXT NOT NULL,
  domains TEXT NOT NULL,
  passwords_allowed INTEGER NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE sso_bindings (
  tenant_id TEXT NOT NULL,
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_sign_in_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, issuer, subject)
) STRICT;
CREATE UNIQUE INDEX sso_bindings_user ON sso_bindings (tenant_id, user_id, issuer);

CREATE TABLE sso_sign_ins (
  state_hash TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  nonce TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  return_to TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) STRICT;
CREATE INDEX sso_sign_ins_tenant_expiry ON sso_sign_ins (tenant_id, expires_at);
`;

/**
 * Desk as the OAuth authorization server of its MCP endpoint (issue 20), in step with the Postgres
 * migration 0011_oauth: registered apps (deployment-wide), authorization requests with their one-use
 * codes, grants (a person's consent for an app) and their tokens (hashes only), and the app a person
 * acted through on an audit entry.
 */
const oauth = `
CREATE TABLE oauth_clients (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  redirect_uris TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX oauth_clients_created ON oauth_clients (created_at);

CREATE TABLE oauth_authorizations (
  id TEXT PRIMARY KEY,
  tenant_id TEXT,
  issuer TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_name TEXT NOT NULL,
  client_host TEXT,
  redirect_uri TEXT NOT NULL,
  state TEXT,
  code_challenge TEXT NOT NULL,
  requested_scopes TEXT,
  resource TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  decided_at TEXT,
  user_id TEXT,
  scopes TEXT,
  code_hash TEXT UNIQUE,
  code_expires_at TEXT,
  code_used_at TEXT,
  grant_id TEXT
) STRICT;
CREATE INDEX oauth_authorizations_expires ON oauth_authorizations (expires_at);

CREATE TABLE oauth_grants (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_name TEXT NOT NULL,
  client_host TEXT,
  scopes TEXT NOT NULL,
  resource TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  revoked_reason TEXT
) STRICT;
-- Newest first, the school's or one person's.
CREATE INDEX oauth_grants_tenant_created ON oauth_grants (tenant_id, created_at, id);
CREATE INDEX oauth_grants_tenant_user ON oauth_grants (tenant_id, user_id, created_at, id);

CREATE TABLE oauth_tokens (
  hash TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  grant_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) STRICT;
CREATE INDEX oauth_tokens_grant ON oauth_tokens (tenant_id, grant_id, expires_at);

ALTER TABLE audit_entries ADD COLUMN actor_via TEXT;
`;

export const MIGRATIONS: readonly Migration[] = [
  { version: '0001_initial', sql: initial },
  { version: '0002_sessions', sql: sessions },
  { version: '0003_loan_search', sql: loanSearch },
  { version: '0004_events', sql: events },
  { version: '0005_webhooks', sql: webhooks },
  { version: '0006_monitors', sql: monitors },
  { version: '0007_records', sql: records },
  { version: '0008_access_version', sql: accessVersion },
  { version: '0009_sso', sql: sso },
  { version: '0010_oauth', sql: oauth },
];
