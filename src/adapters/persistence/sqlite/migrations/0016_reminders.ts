/**
 * Reminder e-mails of loans (issue 23): one row per reminder of one issue of a loan (a unit is
 * issued many times: `issued_at` names the issue). The unique key makes planning idempotent: the
 * daily job run twice on a day, on two instances, or after a restart inserts nothing new.
 * `recipients` is a JSON array of addresses. Pending rows are found by (tenant, status, next attempt).
 */
export const sql = `
CREATE TABLE reminders (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  loan_id TEXT NOT NULL,
  loan_number INTEGER NOT NULL,
  holder_id TEXT NOT NULL,
  issued_at TEXT NOT NULL,
  kind TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  run_date TEXT NOT NULL,
  recipients TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  next_attempt_at TEXT,
  claimed_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  requested_by TEXT,
  UNIQUE (tenant_id, loan_id, issued_at, kind, sequence)
) STRICT;
CREATE INDEX reminders_tenant_status_next ON reminders (tenant_id, status, next_attempt_at);
`;
