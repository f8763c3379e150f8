import type { LoanFilter } from '../../../../ports/repositories.js';
import { containsPattern, Where } from '../sql.js';
import { personSearchText } from './people.js';

/**
 * The SQL of a loan filter: `SELECT l.id, l.number` of every matching loan.
 *
 * Free text becomes a UNION of index-driven branches (serial trigram; people whose name matches → their
 * loans; groups whose name matches → their loans; the number), each carrying the other filters. An OR
 * over the joined names could use no index, and `holder_id IN (subquery)` inside an OR turns into a
 * per-row subplan once many people match.
 */
export function matchingLoans(tenantId: string, f: LoanFilter): { sql: string; params: unknown[] } {
  const where = new Where().add('l.tenant_id = ?', tenantId);
  if (f.poolGroupIds) where.add('l.group_id = ANY(?::text[])', f.poolGroupIds);
  if (f.status) where.add('l.status = ?', f.status);
  if (f.groupId) where.add('l.group_id = ?', f.groupId);
  if (f.kind) where.add('l.kind = ?', f.kind);
  if (f.userGroup) where.add('l.user_group = ?', f.userGroup);
  if (f.holderId) where.add('l.holder_id = ?', f.holderId);
  if (f.overdueBefore) where.add(`l.status = 'ISSUED' AND l.due_date < ?`, f.overdueBefore);
  const select = 'SELECT l.id, l.number FROM loans l';
  if (!f.q) return { sql: `${select} ${where}`, params: where.params };

  const q = where.param(containsPattern(f.q));
  const branches = [
    `${select} ${where} AND l.serial ILIKE ${q}`,
    // The search-text condition lets the people trigram index find candidates; name decides.
    `${select} JOIN people p ON p.tenant_id = l.tenant_id AND p.id = l.holder_id ${where}
      AND ${personSearchText('p.')} ILIKE ${q} AND p.name ILIKE ${q}`,
    `${select} JOIN loan_groups g ON g.tenant_id = l.tenant_id AND g.id = l.group_id ${where} AND g.name ILIKE ${q}`,
  ];
  if (f.qNumber !== undefined) branches.push(`${select} ${where} AND l.number = ${where.param(f.qNumber)}`);
  return { sql: branches.join(' UNION '), params: where.params };
}

/**
 * The WHERE over `loan_tallies` equivalent to the filter, or null when the tallies cannot answer it
 * (free text, holder or class need the loans themselves).
 */
export function tallyWhere(tenantId: string, f: LoanFilter): Where | null {
  if (f.q || f.userGroup || f.holderId) return null;
  const where = new Where().add('tenant_id = ?', tenantId);
  if (f.poolGroupIds) where.add('group_id = ANY(?::text[])', f.poolGroupIds);
  if (f.status) where.add('status = ?', f.status);
  if (f.groupId) where.add('group_id = ?', f.groupId);
  if (f.kind) where.add('kind = ?', f.kind);
  // '' is "no due date" in the tallies.
  if (f.overdueBefore) where.add(`status = 'ISSUED' AND due_date <> '' AND due_date < ?`, f.overdueBefore);
  return where;
}
