/**
 * Both dialects' migrations build the same schema: the same tables, the same columns with the same
 * type family and nullability, the same primary keys, unique keys, foreign keys and index columns. A
 * migration written for one dialect alone fails here, unless the difference is intended and listed
 * in INTENDED below with its reason.
 *
 * Types compare by the SQLite storage class each Postgres type is kept in (the adapters' conventions:
 * JSON as TEXT, booleans and bigints as INTEGER, dates and instants as TEXT). Index names differ
 * between the dialects (they were named separately before the shared numbering), so indexes compare
 * by table, key columns, uniqueness and partiality; renaming them is a migration of its own.
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPostgresSubject,
  postgresAvailable,
  warnIfPostgresSkipped,
  type PostgresSubject,
} from '../support/postgres.js';
import { openSqliteSubject, type SqliteSubject } from '../support/sqlite.js';

warnIfPostgresSkipped();

/** A schema reduced to what both dialects can say, one line per fact, so a difference reads plainly. */
type Facts = Set<string>;

/** The SQLite storage class a Postgres type is kept in. */
const PG_FAMILY: Record<string, string> = {
  text: 'text',
  jsonb: 'text', // JSON: TEXT on SQLite
  integer: 'integer',
  bigint: 'integer',
  boolean: 'integer', // 0/1 on SQLite
  'double precision': 'real',
  bytea: 'blob',
};
const SQLITE_FAMILY: Record<string, string> = { TEXT: 'text', INTEGER: 'integer', REAL: 'real', BLOB: 'blob' };

/**
 * Intended differences: each fact present in one dialect only, with why. Anything else present in
 * one dialect only fails the test.
 */
const ACCESS_SIGNAL =
  "SQLite's access signal: one row bumped by every access change moves other processes' data_version; Postgres uses NOTIFY";
const LOAN_SEARCH_SQLITE =
  'loan search: SQLite keeps an FTS5 trigram index beside the loans (loan_search, kept by triggers); Postgres a trigram GIN index on the loans';
const LOAN_SEARCH_PG =
  "loan search: Postgres's trigram index needs the holder's and group's names on the loan row (kept by triggers); SQLite keeps them in loan_search";
const PEOPLE_SEARCH_PG =
  "people search: a Postgres trigram GIN index; SQLite scans the tenant's people with instr over lower() or desk_fold (sql.ts)";
const GROUP_SEARCH_PG =
  'loan group search and ordering: a Postgres trigram index, and a COLLATE "C" name order (SQLite\'s unique key already orders by BINARY)';
const INSERTION_ORDER =
  'insertion order: Postgres numbers rows with an identity column (seq), SQLite reads its implicit rowid, which every index carries';
const COVERING =
  "the same loan list index in each dialect's form: SQLite covers with key columns, Postgres with INCLUDE (and a partial index of issued loans)";
const PARTIAL_LOANS =
  "SQLite's loan indexes by holder and user group are partial (issued loans only); Postgres's are whole";
const DUE_WEBHOOKS = 'due webhooks: SQLite indexes (enabled, next_attempt_at), Postgres a partial index WHERE enabled';
const DEVICES_ASSIGNED = "devices of a person: SQLite's index also orders by serial; Postgres sorts the few rows";
const DRIFT =
  'drift this test found between the dialects (not changed here, as this work changes no behaviour): an index one dialect has and the other lacks';

/**
 * Intended differences: each fact present in one dialect only, with why. Anything else present in
 * one dialect only fails the test.
 */
const INTENDED: Record<'sqlite' | 'postgres', Record<string, string>> = {
  sqlite: {
    'table access_version': ACCESS_SIGNAL,
    'column access_version.id integer not null': ACCESS_SIGNAL,
    'column access_version.version integer not null': ACCESS_SIGNAL,
    'primary key access_version (id)': ACCESS_SIGNAL,
    'table loan_search': LOAN_SEARCH_SQLITE,
    'column loan_search.due_date text null': LOAN_SEARCH_SQLITE,
    'column loan_search.group_id text not null': LOAN_SEARCH_SQLITE,
    'column loan_search.grp text not null': LOAN_SEARCH_SQLITE,
    'column loan_search.holder text not null': LOAN_SEARCH_SQLITE,
    'column loan_search.holder_id text null': LOAN_SEARCH_SQLITE,
    'column loan_search.key integer not null': LOAN_SEARCH_SQLITE,
    'column loan_search.kind text not null': LOAN_SEARCH_SQLITE,
    'column loan_search.serial text not null': LOAN_SEARCH_SQLITE,
    'column loan_search.status text not null': LOAN_SEARCH_SQLITE,
    'column loan_search.user_group text null': LOAN_SEARCH_SQLITE,
    'primary key loan_search (key)': LOAN_SEARCH_SQLITE,
    'table loan_search_tenants': LOAN_SEARCH_SQLITE,
    'column loan_search_tenants.key integer not null': LOAN_SEARCH_SQLITE,
    'column loan_search_tenants.tenant_id text not null': LOAN_SEARCH_SQLITE,
    'primary key loan_search_tenants (tenant_id)': LOAN_SEARCH_SQLITE,
    'unique loan_search_tenants (key)': LOAN_SEARCH_SQLITE,
    'fts table loan_search_fts': LOAN_SEARCH_SQLITE,
    'fts table loan_search_terms': LOAN_SEARCH_SQLITE,
    'index audit_entries (tenant_id, actor_id, at)': INSERTION_ORDER,
    'index audit_entries (tenant_id, at)': INSERTION_ORDER,
    'index audit_entries (tenant_id, target, at)': INSERTION_ORDER,
    'index audit_entries (tenant_id, action, at)': DRIFT,
    'index ticket_comments (tenant_id, ticket_id, created_at)': INSERTION_ORDER,
    'index devices (tenant_id, assigned_person_id, serial)': DEVICES_ASSIGNED,
    'index loans (tenant_id, kind, number, status, due_date)': COVERING,
    'index loans (tenant_id, status, number, due_date, kind)': COVERING,
    'index loans (tenant_id, holder_id, number) partial': PARTIAL_LOANS,
    'index loans (tenant_id, user_group, number) partial': PARTIAL_LOANS,
    'index submissions (tenant_id, status, number)': DRIFT,
    'index tickets (tenant_id, status, number)': DRIFT,
    'index webhooks (enabled, next_attempt_at)': DUE_WEBHOOKS,
  },
  postgres: {
    'column audit_entries.seq integer not null': INSERTION_ORDER,
    'column cost_entries.seq integer not null': INSERTION_ORDER,
    'column ticket_comments.seq integer not null': INSERTION_ORDER,
    'column ticket_messages.seq integer not null': INSERTION_ORDER,
    'index audit_entries (tenant_id, actor_id, at, seq)': INSERTION_ORDER,
    'index audit_entries (tenant_id, at, seq)': INSERTION_ORDER,
    'index audit_entries (tenant_id, target, at, seq)': INSERTION_ORDER,
    'index ticket_comments (tenant_id, ticket_id, created_at, seq)': INSERTION_ORDER,
    'column loans.group_name text null': LOAN_SEARCH_PG,
    'column loans.holder_name text null': LOAN_SEARCH_PG,
    'index loans (expression on computed text)': LOAN_SEARCH_PG,
    'index people (expression on computed text)': PEOPLE_SEARCH_PG,
    'index loan_groups (name)': GROUP_SEARCH_PG,
    'index loan_groups (tenant_id, name, id)': GROUP_SEARCH_PG,
    'index devices (tenant_id, assigned_person_id)': DEVICES_ASSIGNED,
    'index loans (tenant_id, kind, number)': COVERING,
    'index loans (tenant_id, status, number)': COVERING,
    'index loans (tenant_id, number) partial': COVERING,
    'index loans (tenant_id, holder_id)': PARTIAL_LOANS,
    'index loans (tenant_id, user_group, number)': PARTIAL_LOANS,
    'index webhooks (next_attempt_at) partial': DUE_WEBHOOKS,
  },
};

function sqliteFacts(file: string): Facts {
  const db = new BetterSqlite3(file, { readonly: true });
  const facts: Facts = new Set();
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const shadow = db
      .prepare("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")
      .pluck()
      .all() as string[];
    for (const t of tables) {
      // FTS5 keeps its index in shadow tables named after the virtual table.
      if (shadow.some((v) => t.startsWith(`${v}_`))) continue;
      facts.add(`table ${t}`);
      const cols = db.prepare(`PRAGMA table_info("${t}")`).all() as {
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }[];
      for (const c of cols) {
        const family = SQLITE_FAMILY[c.type] ?? `unknown ${c.type}`;
        facts.add(`column ${t}.${c.name} ${family} ${c.notnull || c.pk ? 'not null' : 'null'}`);
      }
      const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
      if (pk.length > 0) facts.add(`primary key ${t} (${pk.map((c) => c.name).join(', ')})`);
      for (const i of db.prepare(`PRAGMA index_list("${t}")`).all() as {
        name: string;
        unique: number;
        origin: string;
        partial: number;
      }[]) {
        if (i.origin === 'pk') continue;
        const key = (db.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[]).map((c) => c.name);
        facts.add(`${i.unique ? 'unique' : 'index'} ${t} (${key.join(', ')})${i.partial ? ' partial' : ''}`);
      }
      for (const f of db.prepare(`PRAGMA foreign_key_list("${t}")`).all() as {
        id: number;
        table: string;
        from: string;
        to: string;
      }[]) {
        facts.add(`foreign key ${t}.${f.from} -> ${f.table}.${f.to}`);
      }
    }
    for (const v of shadow) facts.add(`fts table ${v}`);
  } finally {
    db.close();
  }
  return facts;
}

async function postgresFacts(s: PostgresSubject): Promise<Facts> {
  const q = async <T>(sql: string) => (await s.database.pool.query(sql, [s.schema])).rows as T[];
  const facts: Facts = new Set();
  for (const t of await q<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
  )) {
    facts.add(`table ${t.table_name}`);
  }
  for (const c of await q<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = $1`,
  )) {
    const family = PG_FAMILY[c.data_type] ?? `unknown ${c.data_type}`;
    facts.add(`column ${c.table_name}.${c.column_name} ${family} ${c.is_nullable === 'NO' ? 'not null' : 'null'}`);
  }
  // Key columns of every index (INCLUDE columns are not keys), with uniqueness and partiality.
  for (const i of await q<{
    tbl: string;
    uniq: boolean;
    primary: boolean;
    partial: boolean;
    expr: boolean;
    cols: string[];
  }>(
    `SELECT t.relname AS tbl, x.indisunique AS uniq, x.indisprimary AS primary, x.indpred IS NOT NULL AS partial,
            x.indexprs IS NOT NULL AS expr,
            array(SELECT a.attname::text FROM unnest(x.indkey[0:x.indnkeyatts - 1]) WITH ORDINALITY k(n, o)
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o) AS cols
       FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_class ic ON ic.oid = x.indexrelid
      WHERE n.nspname = $1`,
  )) {
    const cols = i.expr ? 'expression on computed text' : i.cols.join(', ');
    if (i.primary) facts.add(`primary key ${i.tbl} (${cols})`);
    else facts.add(`${i.uniq ? 'unique' : 'index'} ${i.tbl} (${cols})${i.partial ? ' partial' : ''}`);
  }
  for (const f of await q<{ tbl: string; src: string[]; dst_table: string; dst: string[] }>(
    `SELECT c.conrelid::regclass::text AS tbl, c.confrelid::regclass::text AS dst_table,
            array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o) AS src,
            array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) AS dst
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = $1 AND c.contype = 'f'`,
  )) {
    f.src.forEach((col, k) =>
      facts.add(`foreign key ${f.tbl}.${col} -> ${f.dst_table.replace(/^.*\./, '')}.${f.dst[k]}`),
    );
  }
  return facts;
}

const onlyIn = (a: Facts, b: Facts): string[] => [...a].filter((f) => !b.has(f)).sort();

describe.skipIf(!postgresAvailable)('schema parity: both dialects migrate to the same schema', () => {
  let sqlite: SqliteSubject;
  let postgres: PostgresSubject;
  let sqliteSchema: Facts;
  let postgresSchema: Facts;
  beforeAll(async () => {
    sqlite = await openSqliteSubject();
    postgres = await openPostgresSubject();
    sqliteSchema = sqliteFacts(sqlite.file);
    postgresSchema = await postgresFacts(postgres);
  });
  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
  });

  it('has in SQLite alone only the intended differences', () => {
    expect(onlyIn(sqliteSchema, postgresSchema)).toEqual(Object.keys(INTENDED.sqlite).sort());
  });

  it('has in Postgres alone only the intended differences', () => {
    expect(onlyIn(postgresSchema, sqliteSchema)).toEqual(Object.keys(INTENDED.postgres).sort());
  });

  it('reads something of every table, so an empty reading cannot pass', () => {
    expect([...sqliteSchema].filter((f) => f.startsWith('table ')).length).toBeGreaterThan(30);
    expect([...postgresSchema].filter((f) => f.startsWith('column ')).length).toBeGreaterThan(200);
  });
});
