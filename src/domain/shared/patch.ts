import { invalid } from './errors.js';

/**
 * The rules every PATCH follows (people, devices, tickets, loans, users, monitors): it names at least
 * one field it may change, a field it leaves out stays as stored, and sending what is stored changes
 * nothing — the use case then writes nothing at all (no audit entry, no event).
 */

/** A PATCH must name at least one of `fields`: none is invalid input as a whole. */
export function requireSomeField<K extends string>(input: Partial<Record<K, unknown>>, fields: readonly K[]): void {
  if (fields.every((f) => input[f] === undefined)) {
    throw invalid([{ path: '', message: `give at least one of ${fields.join(', ')}` }]);
  }
}

/** The `fields` of `input` that are given and differ from `current`'s, and `current` with them applied. */
export function patched<T extends object, K extends keyof T>(
  current: T,
  input: Partial<Pick<T, K>>,
  fields: readonly K[],
): { next: T; changed: K[] } {
  const changed = fields.filter((f) => input[f] !== undefined && input[f] !== current[f]);
  return { next: { ...current, ...Object.fromEntries(changed.map((f) => [f, input[f]])) }, changed };
}

/**
 * What a change changed, as an audit entry records it: the fields among `keys` whose values differ
 * between two versions of a record, before (`from`) and after (`to`). Empty when nothing differs.
 */
export function changedFields<T extends object, K extends keyof T>(
  before: T,
  after: T,
  keys: readonly K[],
): { from: Partial<Pick<T, K>>; to: Partial<Pick<T, K>> } {
  const changed = keys.filter((k) => before[k] !== after[k]);
  return {
    from: Object.fromEntries(changed.map((k) => [k, before[k]])) as Partial<Pick<T, K>>,
    to: Object.fromEntries(changed.map((k) => [k, after[k]])) as Partial<Pick<T, K>>,
  };
}
