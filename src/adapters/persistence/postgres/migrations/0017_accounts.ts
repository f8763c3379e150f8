/**
 * Pupils' accounts (issue 23): one row per charge, payment or waiver, never changed or deleted (a
 * mistake is undone by a waiver), and insurance cover per pupil per school year. `seq` numbers a
 * person's entries in the order they were recorded (writes to one account are serialised by the
 * person's row lock), so "newest first" never depends on two entries' instants differing.
 * `claim_year` is the school year whose claim a covered charge used.
 */
export const sql = `
CREATE TABLE account_entries (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  person_id text NOT NULL,
  seq integer NOT NULL,
  kind text COLLATE "C" NOT NULL,
  amount_minor bigint NOT NULL,
  reason text,
  gross_minor bigint,
  covered_minor bigint,
  plan text,
  claim_year text COLLATE "C",
  submission_id text,
  loan_number integer,
  method text COLLATE "C",
  reference text,
  charge_id text,
  recorded_by text NOT NULL,
  recorded_at text COLLATE "C" NOT NULL
);
CREATE INDEX account_entries_person ON account_entries (tenant_id, person_id, seq);

CREATE TABLE coverages (
  tenant_id text NOT NULL,
  person_id text NOT NULL,
  school_year text COLLATE "C" NOT NULL,
  plan text NOT NULL,
  recorded_by text NOT NULL,
  recorded_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (tenant_id, person_id, school_year)
);
`;
