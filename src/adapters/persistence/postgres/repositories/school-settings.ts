import type { SchoolSettingRepository } from '../../../../ports/repositories/school-settings.js';
import { query, queryOne, type Queryable } from '../sql.js';

export class PgSchoolSettingRepository implements SchoolSettingRepository {
  constructor(private readonly db: Queryable) {}

  async get(tenantId: string, name: string): Promise<unknown> {
    const row = await queryOne<{ value: unknown }>(
      this.db,
      'SELECT value FROM school_settings WHERE tenant_id = $1 AND name = $2',
      [tenantId, name],
    );
    return row ? row.value : null;
  }

  async put(tenantId: string, name: string, value: unknown, at: string): Promise<void> {
    await query(
      this.db,
      `INSERT INTO school_settings (tenant_id, name, value, updated_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (tenant_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      [tenantId, name, JSON.stringify(value), at],
    );
  }
}
