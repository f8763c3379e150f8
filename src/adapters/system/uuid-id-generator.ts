import { randomUUID } from 'node:crypto';
import { IdGenerator } from '../../ports/id-generator.js';

/** Random (version 4) UUIDs. */
export class UuidIdGenerator extends IdGenerator {
  next(): string {
    return randomUUID();
  }
}
