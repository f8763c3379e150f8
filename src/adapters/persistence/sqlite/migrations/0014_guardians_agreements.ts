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
`;
