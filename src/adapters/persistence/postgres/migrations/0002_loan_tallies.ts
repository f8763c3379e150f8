// Loan counts per (tenant, group, status, kind, due date), kept by statement-level triggers, so the
// inventory summary and unfiltered totals add up a few hundred rows instead of counting every loan.
// due_date '' stands for "no due date" (primary key columns cannot be null).
export const sql = `
CREATE TABLE loan_tallies (
  tenant_id text NOT NULL,
  group_id text NOT NULL,
  status text NOT NULL,
  kind text NOT NULL,
  due_date text COLLATE "C" NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, group_id, status, kind, due_date)
);

-- One upsert per statement. Rows are upserted in key order, so concurrent writers lock tally rows in
-- the same order and cannot deadlock; net-zero changes (a version bump) touch no tally row. Rows that
-- drop to zero are removed, so the table holds only keys that have loans (a few per group).
CREATE FUNCTION loan_tallies_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO loan_tallies AS t (tenant_id, group_id, status, kind, due_date, n)
    SELECT tenant_id, group_id, status, kind, coalesce(due_date, ''), count(*) FROM new_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, group_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO loan_tallies AS t (tenant_id, group_id, status, kind, due_date, n)
    SELECT tenant_id, group_id, status, kind, coalesce(due_date, ''), -count(*) FROM old_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, group_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO loan_tallies AS t (tenant_id, group_id, status, kind, due_date, n)
    SELECT tenant_id, group_id, status, kind, due_date, sum(delta) FROM (
      SELECT tenant_id, group_id, status, kind, coalesce(due_date, '') AS due_date, -1 AS delta FROM old_rows
      UNION ALL
      SELECT tenant_id, group_id, status, kind, coalesce(due_date, ''), 1 FROM new_rows
    ) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, group_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM loan_tallies t USING (SELECT DISTINCT tenant_id, group_id, status, kind, due_date FROM old_rows) o
    WHERE t.n = 0 AND t.tenant_id = o.tenant_id AND t.group_id = o.group_id AND t.status = o.status
      AND t.kind = o.kind AND t.due_date = coalesce(o.due_date, '');
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION loan_tallies_clear() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM loan_tallies;
  RETURN NULL;
END $$;

-- A trigger with transition tables serves one event, hence three.
CREATE TRIGGER loans_tally_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tallies_apply();
CREATE TRIGGER loans_tally_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tallies_apply();
CREATE TRIGGER loans_tally_delete AFTER DELETE ON loans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tallies_apply();
CREATE TRIGGER loans_tally_truncate AFTER TRUNCATE ON loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tallies_clear();

INSERT INTO loan_tallies (tenant_id, group_id, status, kind, due_date, n)
SELECT tenant_id, group_id, status, kind, coalesce(due_date, ''), count(*) FROM loans GROUP BY 1, 2, 3, 4, 5;
`;
