import type { ClosureDay } from '../../domain/tickets/service-targets/closure-day.js';

/** A school's closure days (issue 30, point 5). */
export abstract class ClosureDayRepository {
  /** Ordered by start date, then name. */
  abstract list(tenantId: string): Promise<ClosureDay[]>;
  /** Inserts new spans and, for one whose `uid` the tenant already has, updates its name and dates. */
  abstract upsert(tenantId: string, days: readonly ClosureDay[]): Promise<void>;
  /** False when there is no such span. */
  abstract delete(tenantId: string, id: string): Promise<boolean>;
}
