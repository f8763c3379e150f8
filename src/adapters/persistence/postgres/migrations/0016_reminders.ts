/**
 * Reminder e-mails of loans (issue 23): one row per reminder of one issue of a loan (a unit is
 * issued many times: `issued_at` names the issue). The unique key makes planning idempotent: the
 * daily job run twice on a day, on two instances, or after a restart inserts nothing new.
 * `recipients` is a JSON array of addresses. Pending rows are found by (tenant, status, next attempt).
 */
export const sql = `
CREATE TABLE reminders (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  loan_id text NOT NULL,
  loan_number integer NOT NULL,
  holder_id text NOT NULL,
  issued_at text COLLATE "C" NOT NULL,
  kind text NOT NULL,
  sequence integer NOT NULL,
  run_date text COLLATE "C" NOT NULL,
  recipients jsonb NOT NULL,
  status text NOT NULL,
  attempts integer NOT NULL,
  next_attempt_at text COLLATE "C",
  claimed_at text COLLATE "C",
  last_error text,
  created_at text COLLATE "C" NOT NULL,
  sent_at text COLLATE "C",
  requested_by text,
  CONSTRAINT reminders_issue_key UNIQUE (tenant_id, loan_id, issued_at, kind, sequence)
);
CREATE INDEX reminders_tenant_status_next ON reminders (tenant_id, status, next_attempt_at);
`;
