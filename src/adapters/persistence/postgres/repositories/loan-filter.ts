import type { LoanFilter } from '../../../../ports/repositories/loans.js';
import { Where } from '../sql.js';

/**
 * The expression of the loans_search_trgm_idx index (migration 0004): the serial and the holder's and
 * group's names the loan carries (see Where.contains; each field keeps its own collation).
 */
export const loanSearchText = (alias = 'l.'): string =>
  `((${alias}serial COLLATE "default") || ' ' || coalesce(${alias}holder_name, '') || ' ' || coalesce(${alias}group_name, ''))`;

/**
 * The WHERE of a loan filter over `loans l`, free text included: the trigram index finds the loans
 * whose serial, holder name or group name contain q (all three are on the loan row), and a whole
 * number also matches the loan with that number. Nothing joins people or groups.
 */
export function loanWhere(tenantId: string, f: LoanFilter): Where {
  const where = new Where().add('l.tenant_id = ?', tenantId);
  if (f.poolGroupIds) where.add('l.group_id = ANY(?::text[])', f.poolGroupIds);
  if (f.status) where.add('l.status = ?', f.status);
  if (f.groupId) where.add('l.group_id = ?', f.groupId);
  if (f.kind) where.add('l.kind = ?', f.kind);
  if (f.userGroup) where.add('l.user_group = ?', f.userGroup);
  if (f.holderId) where.add('l.holder_id = ?', f.holderId);
  if (f.overdueBefore) where.add(`l.status = 'ISSUED' AND l.due_date < ?`, f.overdueBefore);
  if (f.dueOn) where.add(`l.status = 'ISSUED' AND l.due_date = ?`, f.dueOn);
  if (f.q) {
    // Shorter than a trigram, q cannot use the index: test the fields alone.
    const indexed = [...f.q].length < 3 ? undefined : loanSearchText();
    const text = where.containing(f.q, ['l.serial', 'l.holder_name', 'l.group_name'], indexed);
    where.add(f.qNumber === undefined ? text : `(${text} OR l.number = ${where.param(f.qNumber)})`);
  }
  return where;
}

/**
 * The WHERE over a tally table equivalent to the filter, or null when the tallies cannot answer it
 * (free text, holder or class need the loans themselves). The whole tenant reads `loan_tenant_tallies`
 * (no group column: a few hundred rows); a pool or a group reads those groups' rows of `loan_tallies`.
 */
export function tallyWhere(tenantId: string, f: LoanFilter): { table: string; where: Where } | null {
  if (f.q || f.userGroup || f.holderId) return null;
  const where = new Where().add('tenant_id = ?', tenantId);
  const table = f.poolGroupIds || f.groupId ? 'loan_tallies' : 'loan_tenant_tallies';
  if (f.poolGroupIds) where.add('group_id = ANY(?::text[])', f.poolGroupIds);
  if (f.status) where.add('status = ?', f.status);
  if (f.groupId) where.add('group_id = ?', f.groupId);
  if (f.kind) where.add('kind = ?', f.kind);
  // '' is "no due date" in the tallies.
  if (f.overdueBefore) where.add(`status = 'ISSUED' AND due_date <> '' AND due_date < ?`, f.overdueBefore);
  if (f.dueOn) where.add(`status = 'ISSUED' AND due_date = ?`, f.dueOn);
  return { table, where };
}
