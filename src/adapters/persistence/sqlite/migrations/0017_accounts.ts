/**
 * Pupils' accounts (issue 23): one row per charge, payment or waiver, never changed or deleted (a
 * mistake is undone by a waiver), and insurance cover per pupil per school year. `seq` numbers a
 * person's entries in the order they were recorded (writes to one account are serialised), so
 * "newest first" never depends on two entries' instants differing. `claim_year` is the school year
 * whose claim a covered charge used: counting them is how many claims a pupil has left.
 */
export const sql = `
CREATE TABLE account_entries (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  reason TEXT,
  gross_minor INTEGER,
  covered_minor INTEGER,
  plan TEXT,
  claim_year TEXT,
  submission_id TEXT,
  loan_number INTEGER,
  method TEXT,
  reference TEXT,
  charge_id TEXT,
  recorded_by TEXT NOT NULL,
  recorded_at TEXT NOT NULL
) STRICT;
CREATE INDEX account_entries_person ON account_entries (tenant_id, person_id, seq);

CREATE TABLE coverages (
  tenant_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  school_year TEXT NOT NULL,
  plan TEXT NOT NULL,
  recorded_by TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, person_id, school_year)
) STRICT;
`;
