/**
 * A school's settings (issue 23): one row per setting, its value as JSON, written whole. Each setting
 * is declared once in the domain (domain/settings/) with its schema and defaults; a school that never
 * saved one reads the defaults.
 */
export const sql = `
CREATE TABLE school_settings (
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, name)
) STRICT;
`;
