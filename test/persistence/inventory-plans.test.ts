/**
 * The console inventory's reads pinned to their indexes (issue 22): the first page, the last page,
 * `status`, `overdue` and `q`, each as the loan repository itself runs it. Each repository runs on a
 * connection that records what it is asked to read (RecordingSql on SQLite, a recording client on
 * Postgres), and every recorded statement is explained with its own parameters, so a change to a
 * query, not a copy of it, is what these plans check. What a regression looks like:
 * - SQLite: a SCAN of a table (walking every loan of the tenant), a temporary B-tree for ORDER BY
 *   (sorting the matches before a page is cut), the page not read from its index, or a total counted
 *   where the kept tallies can answer it. Desk never runs ANALYZE, so SQLite plans without statistics:
 *   a few hundred loans get the plan of a 200,000-loan district.
 * - Postgres: a Seq Scan of loans, or a page not cut straight off its index in number order (a Sort
 *   under the Limit). Postgres plans from statistics, so the tenant has 20,000 loans (a few seconds to
 *   store), enough for the joins and limits to plan as at district size; and the test sets
 *   `enable_seqscan = off` in its transaction, because at that size a q matching 5% of the loans is
 *   still cheaper to scan than to look up (at district size it matches under 1% and the trigram index
 *   wins). The question asked is then "can an index serve this query as written?".
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgRepositories } from '../../src/adapters/persistence/postgres/pg-unit-of-work.js';
import { sqliteRepositories } from '../../src/adapters/persistence/sqlite/sqlite-unit-of-work.js';
import { Sql } from '../../src/adapters/persistence/sqlite/sql.js';
import type { Loan } from '../../src/domain/loans/loan.js';
import type { PageRequest } from '../../src/domain/shared/paging.js';
import type { Repositories } from '../../src/ports/repositories.js';
import type { LoanFilter, LoanRepository } from '../../src/ports/repositories/loans.js';
import type { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { aGroup, aLoan, aPerson, aTenant } from '../support/builders.js';
import { openPostgresSubject, postgresAvailable, warnIfPostgresSkipped } from '../support/postgres.js';
import { openSqliteSubject } from '../support/sqlite.js';

const TODAY = '2026-03-10';
const PAGE_SIZE = 100;
const tenant = aTenant();

/** One statement a repository ran, with its parameters. */
interface Read {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** The plan line of SQLite's page: in number order from an index, only the tenant's (or status's) range. */
const NUMBER_ORDER = /^SEARCH l USING COVERING INDEX sqlite_autoindex_loans_2 \(tenant_id=\?\)$/; // UNIQUE (tenant_id, number)
const STATUS_ORDER = /^SEARCH l USING COVERING INDEX loans_tenant_status_number_due \(tenant_id=\? AND status=\?\)$/;
/** f is loan_search_fts: idxStr M is an FTS5 MATCH, answered from the trigram index. */
const TRIGRAMS = /^SCAN f VIRTUAL TABLE INDEX \d+:M/;

/** The inventory's filters (as ListLoans builds them) and where each one's page is read from. */
const FILTERS: {
  name: string;
  filter: Omit<LoanFilter, 'poolGroupIds'>;
  /** Whether the total comes from the tallies (else it is counted: q's matches). */
  tallied: boolean;
  sqlite: RegExp;
  postgres: string;
}[] = [
  { name: 'no filter', filter: {}, tallied: true, sqlite: NUMBER_ORDER, postgres: 'loans_tenant_number_key' },
  // Postgres: the partial index of issued loans answers status=ISSUED as well as overdue.
  {
    name: 'status',
    filter: { status: 'ISSUED' },
    tallied: true,
    sqlite: STATUS_ORDER,
    postgres: 'loans_issued_number_idx',
  },
  {
    name: 'overdue',
    filter: { overdueBefore: TODAY },
    tallied: true,
    sqlite: STATUS_ORDER,
    postgres: 'loans_issued_number_idx',
  },
  { name: 'q', filter: { q: 'amel' }, tallied: false, sqlite: TRIGRAMS, postgres: 'loans_search_trgm_idx' },
];

/** Each filter's first page and last page (read from the end). */
const CASES = FILTERS.flatMap((f) =>
  (['first', 'last'] as const).map((page) => ({ ...f, name: `${f.name}, ${page} page`, page })),
);

/**
 * `count` loans in twenty carts: every other one issued to a holder (a tenth of them named Amelia), a
 * third of those overdue.
 */
async function seed(uow: UnitOfWork, count: number): Promise<void> {
  const groups = Array.from({ length: 20 }, (_, i) => aGroup({ name: `Cart ${i}` }));
  const people = Array.from({ length: count / 10 }, (_, i) => aPerson({ name: i % 10 ? `Pupil ${i}` : `Amelia ${i}` }));
  const loans: Loan[] = Array.from({ length: count }, (_, i) => {
    const group = groups[i % groups.length]!;
    if (i % 2) return aLoan(group.id, { number: i + 1 });
    const dueDate = i % 3 ? '2026-06-30' : '2026-02-01';
    const holderId = people[i % people.length]!.id;
    return aLoan(group.id, {
      number: i + 1,
      status: 'ISSUED',
      holderId,
      issuedAt: '2026-01-10T09:00:00.000Z',
      dueDate,
    });
  });
  await uow.transaction(async (r: Repositories) => {
    await r.tenants.create(tenant);
    await r.loanGroups.insertMany(tenant.id, groups);
    await r.people.insertMany(tenant.id, people);
    await r.loans.insertMany(tenant.id, loans);
  });
}

/** Reads the case's page (the last page found from the first one's total) and returns what it ran. */
async function runCase(
  repo: LoanRepository,
  reads: Read[],
  c: (typeof CASES)[number],
): Promise<{ reads: Read[]; rows: number }> {
  const filter: LoanFilter = { poolGroupIds: null, ...c.filter };
  const first = await repo.list(tenant.id, filter, { page: 1, pageSize: PAGE_SIZE });
  const page: PageRequest = {
    page: c.page === 'first' ? 1 : Math.max(1, Math.ceil(first.total / PAGE_SIZE)),
    pageSize: PAGE_SIZE,
  };
  // A last page that is also the first would say nothing about deep pages.
  if (c.page === 'last' && page.page === 1) throw new Error(`${c.name}: only one page of loans was seeded`);
  reads.length = 0;
  const result = await repo.list(tenant.id, filter, page);
  return { reads: [...reads], rows: result.items.length };
}

/** A connection that records every read the loan repository asks of it. */
class RecordingSql extends Sql {
  readonly reads: Read[] = [];
  override all<T>(sql: string, ...params: unknown[]): T[] {
    this.reads.push({ sql, params });
    return super.all<T>(sql, ...params);
  }
  override get<T>(sql: string, ...params: unknown[]): T | null {
    this.reads.push({ sql, params });
    return super.get<T>(sql, ...params);
  }
  override column<T>(sql: string, ...params: unknown[]): T[] {
    this.reads.push({ sql, params });
    return super.column<T>(sql, ...params);
  }
  override number(sql: string, ...params: unknown[]): number {
    this.reads.push({ sql, params });
    return super.number(sql, ...params);
  }
}

/** Plan lines that mean a read grew with the tenant or sorted its matches. */
const sqliteRegressions = (plan: readonly string[]) =>
  plan.filter(
    (line) =>
      line.includes('TEMP B-TREE') ||
      // json_each is the page's own list of numbers; a MATCH reads the trigram index.
      (line.startsWith('SCAN ') && !line.startsWith('SCAN json_each') && !TRIGRAMS.test(line)),
  );

describe('inventory plans: sqlite', () => {
  let close: () => Promise<void>;
  let explained: Map<string, { plans: string[][]; reads: Read[]; rows: number }>;

  beforeAll(async () => {
    const subject = await openSqliteSubject();
    close = subject.close;
    await seed(subject.uow, 3_000); // every filter has more than one page
    explained = await subject.database.exclusive(async (sql) => {
      const recording = new RecordingSql(sql.db);
      const repo = sqliteRepositories(recording).loans;
      const out = new Map<string, { plans: string[][]; reads: Read[]; rows: number }>();
      for (const c of CASES) {
        const { reads, rows } = await runCase(repo, recording.reads, c);
        const plans = reads.map((r) =>
          (sql.db.prepare(`EXPLAIN QUERY PLAN ${r.sql}`).all(...r.params) as { detail: string }[]).map((p) => p.detail),
        );
        out.set(c.name, { plans, reads, rows });
      }
      return out;
    });
  });
  afterAll(() => close?.());

  it.each(CASES)('$name: reads its page from an index ($sqlite), never a whole table, never sorted', (c) => {
    const { plans, reads, rows } = explained.get(c.name)!;
    const shown = plans.map((plan) => plan.join('\n')).join('\n\n');
    expect(rows).toBeGreaterThan(0);
    expect(plans.flatMap(sqliteRegressions), shown).toEqual([]);
    expect(
      plans.flat().filter((line) => c.sqlite.test(line)),
      shown,
    ).not.toEqual([]);
    // The page's rows are then looked up by number.
    expect(plans.flat(), shown).toContain('SEARCH l USING INDEX sqlite_autoindex_loans_2 (tenant_id=? AND number=?)');
    // The last page is read from the end: its OFFSET walks no index entries before it.
    if (c.page === 'last') expect(reads.filter((r) => / DESC LIMIT/.test(r.sql))).toHaveLength(1);
    if (c.tallied) {
      expect(reads.some((r) => r.sql.includes('loan_tenant_tallies'))).toBe(true);
      expect(reads.filter((r) => /count\(\*\)/i.test(r.sql))).toEqual([]);
    }
  });
});

warnIfPostgresSkipped();

/** A Postgres plan node, as EXPLAIN (FORMAT JSON) gives it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** One line per node, indented under its parent: what a failure prints. */
const outline = (node: PlanNode, depth = 0): string[] => [
  `${'  '.repeat(depth)}${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`,
  ...(node.Plans ?? []).flatMap((child) => outline(child, depth + 1)),
];

describe.skipIf(!postgresAvailable)('inventory plans: postgres', () => {
  let close: () => Promise<void>;
  let explained: Map<string, { plans: PlanNode[]; reads: Read[]; rows: number }>;

  beforeAll(async () => {
    const subject = await openPostgresSubject();
    close = subject.close;
    await seed(subject.uow, 20_000);
    const client = await subject.database.pool.connect();
    try {
      await client.query('ANALYZE');
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const reads: Read[] = [];
      const recording = new Proxy(client, {
        get(target, key, receiver) {
          if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
          // A statement as text and values, or as the query config PgDb sends.
          return (query: string | pg.QueryConfig, params: unknown[] = []) => {
            const sql = typeof query === 'string' ? query : query.text;
            reads.push({ sql, params: typeof query === 'string' ? params : (query.values ?? []) });
            return typeof query === 'string' ? target.query(query, params) : target.query(query);
          };
        },
      }) as pg.PoolClient;
      const repo = pgRepositories(recording).loans;
      explained = new Map();
      for (const c of CASES) {
        const { reads: ran, rows } = await runCase(repo, reads, c);
        const plans: PlanNode[] = [];
        for (const r of ran) {
          const { rows: plan } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `EXPLAIN (FORMAT JSON) ${r.sql}`,
            [...r.params],
          );
          plans.push(plan[0]!['QUERY PLAN'][0].Plan);
        }
        explained.set(c.name, { plans, reads: ran, rows });
      }
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  }, 60_000);
  afterAll(() => close?.());

  it.each(CASES)('$name: reads its page from $postgres, never a Seq Scan of loans', (c) => {
    const { plans, reads, rows } = explained.get(c.name)!;
    const shown = plans.flatMap((plan) => [...outline(plan), '']).join('\n');
    expect(rows).toBeGreaterThan(0);
    const nodes = plans.flatMap(nodesOf);
    expect(
      nodes.filter((n) => n['Relation Name'] === 'loans' && n['Node Type'] === 'Seq Scan'),
      shown,
    ).toEqual([]);
    // The page is cut (Limit) from the matches; without q, straight off the index in number order.
    const cut = nodes.find((n) => n['Node Type'] === 'Limit');
    expect(cut, shown).toBeDefined();
    const below = nodesOf(cut!).slice(1);
    if (c.tallied) {
      expect(
        below.map((n) => `${n['Node Type']} using ${n['Index Name']}`),
        shown,
      ).toEqual([expect.stringMatching(new RegExp(`^Index (Only )?Scan using ${c.postgres}$`))]);
      expect(reads.some((r) => r.sql.includes('loan_tenant_tallies'))).toBe(true);
      expect(reads.filter((r) => /count\(\*\)/i.test(r.sql))).toEqual([]);
      if (c.page === 'last') expect(reads.filter((r) => / DESC LIMIT/.test(r.sql))).toHaveLength(1);
    } else {
      expect(
        below.map((n) => n['Index Name']),
        shown,
      ).toContain(c.postgres);
    }
  });
});
