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
