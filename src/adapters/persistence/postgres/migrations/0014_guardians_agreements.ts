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

-- One row per agreement recorded: a second one for the same year is kept beside the first (who
-- recorded what, when); the newest recorded is the one that counts.
CREATE TABLE agreements (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  person_id text NOT NULL,
  school_year text COLLATE "C" NOT NULL,
  signed_at text COLLATE "C" NOT NULL,
  signed_by text NOT NULL,
  recorded_by_type text NOT NULL,
  recorded_by_id text NOT NULL,
  recorded_at text COLLATE "C" NOT NULL
);
CREATE INDEX agreements_person_year ON agreements (tenant_id, person_id, school_year);
`;
