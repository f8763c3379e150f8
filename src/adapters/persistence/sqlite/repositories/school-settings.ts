import type { SchoolSettingRepository } from '../../../../ports/repositories/school-settings.js';
import { json, parseJson, type Sql } from '../sql.js';

export class SqliteSchoolSettingRepository implements SchoolSettingRepository {
  constructor(private readonly sql: Sql) {}

  async get(tenantId: string, name: string): Promise<unknown> {
    const row = this.sql.get<{ value: string }>(
      'SELECT value FROM school_settings WHERE tenant_id = ? AND name = ?',
      tenantId,
      name,
    );
    return row ? parseJson<unknown>(row.value) : null;
  }

  async put(tenantId: string, name: string, value: unknown, at: string): Promise<void> {
    this.sql.run(
      `INSERT INTO school_settings (tenant_id, name, value, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (tenant_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      tenantId,
      name,
      json(value),
      at,
    );
  }
}
