export const sql = `
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
