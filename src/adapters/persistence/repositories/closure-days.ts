import type { ClosureDay } from '../../../domain/tickets/service-targets/closure-day.js';
import type { ClosureDayRepository } from '../../../ports/repositories/closure-days.js';
import type { Db } from '../sql/db.js';

const COLUMNS = `id, name, starts_on AS "startsOn", ends_on AS "endsOn", uid, created_at AS "createdAt"`;

/** A school's closure days, on either dialect. */
export class SqlClosureDayRepository implements ClosureDayRepository {
  constructor(private readonly db: Db) {}

  list(tenantId: string): Promise<ClosureDay[]> {
    return this.db.all<ClosureDay>(
      `SELECT ${COLUMNS} FROM closure_days WHERE tenant_id = ? ORDER BY starts_on, ${this.db.bytewise('name')}, id`,
      [tenantId],
    );
  }

  async upsert(tenantId: string, days: readonly ClosureDay[]): Promise<void> {
    // One statement per span: an import holds at most MAX_CALENDAR_SPANS of them.
    for (const d of days) {
      const params = [d.id, tenantId, d.name, d.startsOn, d.endsOn, d.uid, d.createdAt];
      if (d.uid === null) {
        await this.db.run(
          `INSERT INTO closure_days (id, tenant_id, name, starts_on, ends_on, uid, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          params,
        );
      } else {
        await this.db.run(
          `INSERT INTO closure_days (id, tenant_id, name, starts_on, ends_on, uid, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (tenant_id, uid) DO UPDATE SET name = excluded.name, starts_on = excluded.starts_on,
             ends_on = excluded.ends_on`,
          params,
        );
      }
    }
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM closure_days WHERE tenant_id = ? AND id = ?', [tenantId, id])) === 1;
  }
}
