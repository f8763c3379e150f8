import type { SchoolSettingRepository } from '../../../ports/repositories/school-settings.js';
import { json, parseJson, type Db } from '../sql/db.js';

/** A school's settings, each stored whole as JSON under its name, on either dialect. */
export class SqlSchoolSettingRepository implements SchoolSettingRepository {
  constructor(private readonly db: Db) {}

  async get(tenantId: string, name: string): Promise<unknown> {
    const sql = 'SELECT value FROM school_settings WHERE tenant_id = ? AND name = ?';
    const row = await this.db.one<{ value: string }>(sql, [tenantId, name]);
    return row ? parseJson<unknown>(row.value) : null;
  }

  async put(tenantId: string, name: string, value: unknown, at: string): Promise<void> {
    await this.db.run(
      `INSERT INTO school_settings (tenant_id, name, value, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (tenant_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      [tenantId, name, json(value), at],
    );
  }
}
