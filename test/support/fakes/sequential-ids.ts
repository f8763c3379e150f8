import type { IdGenerator } from '../../../src/ports/id-generator.js';

/** Ids `id-1`, `id-2`, ... in call order: readable in failures, unique within one generator. */
export class SequentialIds implements IdGenerator {
  private last = 0;

  constructor(private readonly prefix = 'id') {}

  next(): string {
    this.last += 1;
    return `${this.prefix}-${this.last}`;
  }
}
