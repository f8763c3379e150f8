/**
 * Guardians of pupils (issue 23), in the order the school gave them, with the id the school's
 * directory gives them (a OneRoster sourcedId) when they came from one; and acceptable-use agreements.
 */
export const sql = `
CREATE TABLE guardians (
  tenant_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  relationship TEXT NOT NULL,
  external_id TEXT,
  PRIMARY KEY (tenant_id, person_id, position)
) STRICT;

-- One row per agreement recorded: a second one for the same year is kept beside the first (who
-- recorded what, when); the newest recorded is the one that counts.
CREATE TABLE agreements (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  school_year TEXT NOT NULL,
  signed_at TEXT NOT NULL,
  signed_by TEXT NOT NULL,
  recorded_by_type TEXT NOT NULL,
  recorded_by_id TEXT NOT NULL,
  recorded_at TEXT NOT NULL
) STRICT;
CREATE INDEX agreements_person_year ON agreements (tenant_id, person_id, school_year);
`;
