/**
 * Guardians of pupils (issue 23), in the order the school gave them, with the id the school's
 * directory gives them (a OneRoster sourcedId) when they came from one; and acceptable-use agreements.
 */
export const sql = `
CREATE TABLE guardians (
  tenant_id text NOT NULL,
  person_id text NOT NULL,
  position integer NOT NULL,
  name text NOT NULL,
  email text COLLATE "C",
  phone text,
  relationship text NOT NULL,
  external_id text COLLATE "C",
  PRIMARY KEY (tenant_id, person_id, position)
);
`;
