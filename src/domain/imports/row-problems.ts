import { DomainError, type Problem } from '../shared/errors.js';

/** The problems an answer lists; past this, they are counted (the first thousand say enough to fix a file). */
export const MAX_LISTED_PROBLEMS = 1_000;

/**
 * Every problem found in a file, each with its line and field: `rows.17.email` (JSON Pointer
 * `/rows/17/email` on HTTP, `line 17: email: …` at the CLI), `rows.17` for the line as a whole. The
 * first MAX_LISTED_PROBLEMS are kept; the rest are counted, and named in one last problem at `rows`.
 */
export class RowProblems {
  private readonly listed: Problem[] = [];
  private unlisted = 0;

  add(line: number, field: string | null, message: string): void {
    if (this.listed.length >= MAX_LISTED_PROBLEMS) {
      this.unlisted++;
      return;
    }
    this.listed.push({ path: field === null ? `rows.${line}` : `rows.${line}.${field}`, message });
  }

  get count(): number {
    return this.listed.length + this.unlisted;
  }

  get any(): boolean {
    return this.listed.length > 0;
  }

  /** The `invalid` error of a file with problems, in line order: nothing was written. */
  error(): DomainError {
    const line = (p: Problem) => Number(p.path.split('.')[1]);
    const sorted = [...this.listed].sort((a, b) => line(a) - line(b));
    const problems =
      this.unlisted === 0
        ? sorted
        : [
            ...sorted,
            {
              path: 'rows',
              message: `${this.unlisted.toLocaleString('en')} more problems are not listed; fix these and try again`,
            },
          ];
    const n = this.count;
    return new DomainError(
      'invalid',
      `the file has ${n.toLocaleString('en')} problem${n === 1 ? '' : 's'}; nothing was imported`,
      problems,
    );
  }
}
