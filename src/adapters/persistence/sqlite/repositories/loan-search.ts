import type { Loan } from '../../../../domain/loans/loan.js';
import type { LoanFilter } from '../../../../ports/repositories/loans.js';
import { addLoanFilters, loanWhere } from '../../repositories/loans.js';
import type { SqliteDb } from '../sqlite-db.js';
import { count, pageNearerEnd, type Sql } from '../sql.js';

const END = '\u0001';
/** An FTS5 string: the text's trigrams at consecutive positions. */
const phrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;
/** A pool of at most this many groups is small enough to read whole and test each loan's text. */
const SMALL_POOL = 50;
const NUMBER_MASK = 0xffffffff;

/** One page of numbers that match a filter with `q`, and how many match in all. */
export interface SearchResult {
  readonly numbers: number[];
  readonly total: number;
}

/**
 * The loan search index (migration 0003_loan_search): `loan_search` rows keyed
 * `tenant key << 32 | number`, with the serial, holder name and group name folded by desk_fold
 * (JavaScript toLowerCase), and the FTS5 trigram index `loan_search_fts` over those three texts, each
 * indexed with U+0001 appended.
 *
 * `q` matches a loan when one of its folded texts contains `q.toLowerCase()` (a literal substring:
 * nothing is a wildcard), or when `qNumber` is its number. Every plan below returns exactly that:
 * - a selective filter (holder, group, class, a small pool): read its loans through the loans' own
 *   indexes and test each one's folded texts (instr);
 * - otherwise, a needle of 3 or more characters: the phrase of its trigrams. Trigrams at consecutive
 *   positions of one text are exactly "the text contains the needle". The index returns keys in key
 *   order (= number order) either way, so a page is LIMIT/OFFSET over index entries (from the nearer
 *   end) and the total is their count;
 * - a needle of 2 characters: any of the indexed trigrams that start with it (the U+0001 after each
 *   text means a substring at the very end starts one too), found in `loan_search_terms`;
 * - a single character: one pass over the tenant's `loan_search` rows in key order, testing the folded
 *   texts (instr): bounded by the tenant's loans, not by its people.
 */
export class LoanSearch {
  private readonly sql: Sql;

  constructor(private readonly db: SqliteDb) {
    this.sql = db.sql;
  }

  /** Indexes loans just inserted into `loans` (their names are read from people and loan_groups). */
  index(tenantId: string, numbers: readonly number[]): void {
    if (numbers.length === 0) return;
    if (numbers.some((n) => !(Number.isInteger(n) && n >= 0 && n <= NUMBER_MASK))) {
      throw new Error('loan numbers must be integers from 0 to 2^32 - 1');
    }
    this.sql.run(
      `INSERT OR IGNORE INTO loan_search_tenants (tenant_id, key)
       VALUES (?, (SELECT coalesce(max(key), 0) + 1 FROM loan_search_tenants))`,
      tenantId,
    );
    this.sql.run(
      `INSERT INTO loan_search (key, status, kind, group_id, due_date, holder_id, user_group, serial, holder, grp)
       SELECT (t.key << 32) | l.number, l.status, l.kind, l.group_id, l.due_date, l.holder_id, l.user_group,
         desk_fold(l.serial), coalesce(desk_fold(p.name), ''), coalesce(desk_fold(g.name), '')
       FROM loans l
       JOIN loan_search_tenants t ON t.tenant_id = l.tenant_id
       LEFT JOIN people p ON p.tenant_id = l.tenant_id AND p.id = l.holder_id
       LEFT JOIN loan_groups g ON g.tenant_id = l.tenant_id AND g.id = l.group_id
       WHERE l.tenant_id = ? AND ${this.db.in('l.number')}`,
      tenantId,
      this.db.list(numbers),
    );
  }

  /**
   * Follows a loan's new serial, group (and its name), status, holder (and the holder's name), class
   * and due date. The FTS index follows the texts by trigger, only when one of them changed.
   */
  refresh(tenantId: string, loan: Loan): void {
    const { changes } = this.sql.run(
      `UPDATE loan_search SET status = ?, due_date = ?, holder_id = ?, user_group = ?, serial = desk_fold(?),
         group_id = ?,
         holder = coalesce((SELECT desk_fold(name) FROM people WHERE tenant_id = ? AND id = ?), ''),
         grp = coalesce((SELECT desk_fold(name) FROM loan_groups WHERE tenant_id = ? AND id = ?), '')
       WHERE key = ((SELECT key FROM loan_search_tenants WHERE tenant_id = ?) << 32) | ?`,
      loan.status,
      loan.dueDate,
      loan.holderId,
      loan.userGroup,
      loan.serial,
      loan.groupId,
      tenantId,
      loan.holderId,
      tenantId,
      loan.groupId,
      tenantId,
      loan.number,
    );
    if (changes !== 1) throw new Error(`loan ${loan.number} is missing from the search index`);
  }

  /**
   * Up to `limit` numbers above `after` that match `f` (whose `q` is set), in number order: every
   * loan of the tenant after `after` is tested once, so a whole scan reads the tenant once.
   */
  scan(tenantId: string, f: LoanFilter & { q: string }, after: number, limit: number): number[] {
    const tenantKey = this.sql.number('SELECT key FROM loan_search_tenants WHERE tenant_id = ?', tenantId);
    if (!tenantKey) return [];
    const where = loanWhere(this.db, tenantId, f).add('l.number > ?', after);
    const [text, ...params] = textOf('s', f.q.toLowerCase(), f.qNumber, 'l.number');
    where.add(text, ...params);
    return this.sql.column<number>(
      `SELECT l.number FROM loans l JOIN loan_search s ON s.key = (? << 32) | l.number ${where}
       ORDER BY l.number LIMIT ?`,
      tenantKey,
      ...where.params,
      limit,
    );
  }

  /** The page of loan numbers (ascending) matching `f`, whose `q` is set, and the total. */
  search(tenantId: string, f: LoanFilter & { q: string }, limit: number, offset: number): SearchResult {
    const tenantKey = this.sql.number('SELECT key FROM loan_search_tenants WHERE tenant_id = ?', tenantId);
    if (!tenantKey) return { numbers: [], total: 0 };
    const needle = f.q.toLowerCase();
    const selective = f.holderId || f.groupId || f.userGroup || (f.poolGroupIds && f.poolGroupIds.length <= SMALL_POOL);
    const length = [...needle].length;
    if (selective) return this.byFilter(tenantId, tenantKey, f, needle, limit, offset);
    // U+0001 marks the end of an indexed text: a needle holding it is tested against the texts.
    if (length === 1 || needle.includes(END)) return this.byScan(tenantKey, f, needle, limit, offset);
    const match = length >= 3 ? phrase(needle) : this.startingWith(needle);
    return this.byIndex(tenantKey, f, needle, match, limit, offset);
  }

  /** The index's trigrams that start with a 2-character needle, as an FTS5 query (null: none). */
  private startingWith(needle: string): string | null {
    // Trigrams are exactly 3 characters, and no character sorts after U+10FFFF.
    const terms = this.sql.column<string>(
      'SELECT term FROM loan_search_terms WHERE term >= ? AND term <= ?',
      needle,
      `${needle}\u{10ffff}`,
    );
    return terms.length ? terms.map(phrase).join(' OR ') : null;
  }

  private byFilter(tenantId: string, tenantKey: number, f: LoanFilter, needle: string, limit: number, offset: number) {
    const where = loanWhere(this.db, tenantId, f);
    const [text, ...params] = textOf('s', needle, f.qNumber, 'l.number');
    where.add(text, ...params);
    const q = {
      column: 'l.number',
      fromWhere: `FROM loans l JOIN loan_search s ON s.key = (? << 32) | l.number ${where}`,
      params: [tenantKey, ...where.params],
      orderBy: 'l.number',
    };
    const total = count(this.sql, q.fromWhere, q.params);
    return { numbers: pageNearerEnd<number>(this.sql, q, total, limit, offset), total };
  }

  private byScan(tenantKey: number, f: LoanFilter, needle: string, limit: number, offset: number) {
    const where = this.db.where().add('s.key BETWEEN (? << 32) AND (? << 32) | ?', tenantKey, tenantKey, NUMBER_MASK);
    addLoanFilters(where, 's', f);
    const [text, ...params] = textOf('s', needle, f.qNumber, '(s.key & 4294967295)');
    where.add(text, ...params);
    const q = {
      column: 's.key & 4294967295',
      fromWhere: `FROM loan_search s ${where}`,
      params: where.params,
      orderBy: 's.key',
    };
    const total = count(this.sql, q.fromWhere, q.params);
    return { numbers: pageNearerEnd<number>(this.sql, q, total, limit, offset), total };
  }

  /** Text matches from the FTS index (`match` null: none), plus the loan a whole-number q names. */
  private byIndex(
    tenantKey: number,
    f: LoanFilter,
    needle: string,
    match: string | null,
    limit: number,
    offset: number,
  ) {
    const where = this.db
      .where()
      .add('f.loan_search_fts MATCH ?', match)
      .add('f.rowid BETWEEN (? << 32) AND (? << 32) | ?', tenantKey, tenantKey, NUMBER_MASK);
    const unfiltered = where.params.length;
    // The filters other than q read the loan_search row (every filter has a parameter).
    const filtered = addLoanFilters(where, 's', f).params.length > unfiltered;
    const q = {
      column: 'f.rowid & 4294967295',
      fromWhere: `FROM loan_search_fts f${filtered ? ' JOIN loan_search s ON s.key = f.rowid' : ''} ${where}`,
      params: where.params,
      orderBy: 'f.rowid',
    };
    const countTexts = (extra = '', ...params: unknown[]) =>
      match === null ? 0 : count(this.sql, `${q.fromWhere}${extra}`, [...q.params, ...params]);
    const texts = countTexts();
    /** `n` text matches from the `skip`th, in number order. */
    const page = (n: number, skip: number) => pageNearerEnd<number>(this.sql, q, texts, n, skip);

    // A whole-number q also matches the loan with that number, when its text does not already.
    const extra = f.qNumber === undefined ? null : this.numberOnlyMatch(tenantKey, f, needle, f.qNumber);
    if (extra === null) return { numbers: page(limit, offset), total: texts };
    // Merge that one loan into the text matches at its place in number order.
    const before = countTexts(' AND f.rowid < (? << 32) | ?', tenantKey, extra);
    const total = texts + 1;
    if (before < offset) return { numbers: page(limit, offset - 1), total };
    if (before >= offset + limit) return { numbers: page(limit, offset), total };
    const numbers = page(limit - 1, offset);
    numbers.splice(before - offset, 0, extra);
    return { numbers, total };
  }

  /** The loan numbered `n` when it passes the filters but its text does not contain the needle. */
  private numberOnlyMatch(tenantKey: number, f: LoanFilter, needle: string, n: number): number | null {
    if (!(Number.isInteger(n) && n >= 0 && n <= NUMBER_MASK)) return null;
    const where = addLoanFilters(this.db.where().add('s.key = (? << 32) | ?', tenantKey, n), 's', f);
    const [text, ...params] = textOf('s', needle, undefined, '');
    where.add(`NOT ${text}`, ...params);
    return count(this.sql, `FROM loan_search s ${where}`, where.params) ? n : null;
  }
}

/** The folded texts of `alias` contain the needle (or the loan has number `qNumber`). */
function textOf(alias: string, needle: string, qNumber: number | undefined, number: string): [string, ...unknown[]] {
  const alternatives = ['serial', 'holder', 'grp'].map((c) => `instr(${alias}.${c}, ?) > 0`);
  const params: unknown[] = [needle, needle, needle];
  if (qNumber !== undefined) {
    alternatives.push(`${number} = ?`);
    params.push(qNumber);
  }
  return [`(${alternatives.join(' OR ')})`, ...params];
}
