export const sql = `
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
