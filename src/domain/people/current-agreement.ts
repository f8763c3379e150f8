import type { Repositories } from '../../ports/repositories.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { schoolYearOf, schoolYearSetting } from '../settings/school-year.js';
import type { Agreement } from './agreement.js';

/*
 * Apart from the entity (agreement.ts), which the agreements' repository port names: this reads
 * through the repositories and the school's settings, which the port must not reach back into.
 */

/**
 * The agreement that counts for a pupil on `today` (`YYYY-MM-DD`, the school's time zone): the newest
 * recorded for the school year today falls in, from the school's own year start; null when none.
 */
export async function agreementOn(
  repos: Repositories,
  tenantId: string,
  personId: string,
  today: string,
): Promise<Agreement | null> {
  const year = schoolYearOf(today, await readSchoolSetting(repos, tenantId, schoolYearSetting));
  return repos.agreements.findForYear(tenantId, personId, year.name);
}
