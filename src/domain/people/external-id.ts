import type { Repositories } from '../../ports/repositories.js';
import { conflict } from '../shared/errors.js';

/**
 * Refuses an external id another person of the tenant already has (archived people keep theirs, so
 * a leaver's MIS id is not handed to someone else). The unique index stays the last word when two
 * writers race: the repository reports its violation as a conflict too.
 */
export async function assertExternalIdFree(
  repos: Repositories,
  tenantId: string,
  externalId: string | null,
  personId: string | null,
): Promise<void> {
  if (externalId === null) return;
  const [holder] = (await repos.people.findByExternalIds(tenantId, [externalId])).filter((p) => p.id !== personId);
  if (holder) throw conflict(`external id "${externalId}" already belongs to another person (${holder.id})`);
}
