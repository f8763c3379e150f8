/** What a WHERE clause needs of its dialect (Db has it). */
export interface WhereDialect {
  in(column: string): string;
  list(values: readonly unknown[]): unknown;
  containsText(text: string, columns: readonly string[], indexed?: string): { sql: string; params: unknown[] };
}

/**
 * Collects WHERE conditions and their `?` parameters in step, so optional filters read as a list of
 * `if (x) where.add('col = ?', x)` lines, the same on both dialects (`db.where()`).
 */
export class Where {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  constructor(private readonly db: WhereDialect) {}

  add(condition: string, ...params: unknown[]): this {
    this.conditions.push(condition);
    this.params.push(...params);
    return this;
  }

  /** `column` is one of `values` (one parameter, whatever their number). */
  in(column: string, values: readonly unknown[]): this {
    return this.add(this.db.in(column), this.db.list(values));
  }

  /**
   * The contract's free-text filter: `text` as a literal, case-insensitive substring of any of the
   * columns (`%` and `_` are plain characters). `indexed`, on Postgres, is the expression of a trigram
   * index holding all the columns, tested too so that the index narrows the rows.
   */
  contains(text: string, columns: readonly string[], indexed?: string): this {
    const { sql, params } = this.db.containsText(text, columns, indexed);
    return this.add(sql, ...params);
  }

  toString(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}
