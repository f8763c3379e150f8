/**
 * A school's settings (issue 23): one row per setting, its value as JSON, written whole. Each setting
 * is declared once in the domain (domain/settings/) with its schema and defaults; a school that never
 * saved one reads the defaults.
 */
export const sql = `
CREATE TABLE school_settings (
  tenant_id text NOT NULL,
  name text COLLATE "C" NOT NULL,
  value jsonb NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (tenant_id, name)
);
`;
