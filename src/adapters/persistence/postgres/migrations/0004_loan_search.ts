/**
 * The inventory at district size (issue 4).
 *
 * - `loan_tenant_tallies` is `loan_tallies` without the group, kept by its own statement-level
 *   triggers: the summary of a whole tenant (and unfiltered totals) add up a few hundred rows instead
 *   of one per group and due date (51,000 at district size).
 * - Loans carry their holder's and group's names (`holder_name`, `group_name`) for free-text `q`: one
 *   trigram index over serial and both names finds the candidates, with no join to people or groups.
 *   PgLoanRepository sets them when it stores or changes a loan; triggers follow people and groups
 *   (renames, and people or groups stored after their loans). The index replaces the serial one;
 *   people_search_trgm_idx now serves people search alone.
 * - `loans_status_number_idx` and `loans_kind_number_idx` (replacing `loans_status_idx` and
 *   `loans_due_idx`): a page of a status, a kind or the overdue loans is read in number order from an
 *   index alone.
 */
export const sql = `
CREATE TABLE loan_tenant_tallies (
  tenant_id text NOT NULL,
  status text NOT NULL,
  kind text NOT NULL,
  due_date text COLLATE "C" NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, status, kind, due_date)
);

-- As loan_tallies_apply, without the group.
CREATE FUNCTION loan_tenant_tallies_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO loan_tenant_tallies AS t (tenant_id, status, kind, due_date, n)
    SELECT tenant_id, status, kind, coalesce(due_date, ''), count(*) FROM new_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO loan_tenant_tallies AS t (tenant_id, status, kind, due_date, n)
    SELECT tenant_id, status, kind, coalesce(due_date, ''), -count(*) FROM old_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO loan_tenant_tallies AS t (tenant_id, status, kind, due_date, n)
    SELECT tenant_id, status, kind, due_date, sum(delta) FROM (
      SELECT tenant_id, status, kind, coalesce(due_date, '') AS due_date, -1 AS delta FROM old_rows
      UNION ALL
      SELECT tenant_id, status, kind, coalesce(due_date, ''), 1 FROM new_rows
    ) d
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, status, kind, due_date) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM loan_tenant_tallies t USING (SELECT DISTINCT tenant_id, status, kind, due_date FROM old_rows) o
    WHERE t.n = 0 AND t.tenant_id = o.tenant_id AND t.status = o.status AND t.kind = o.kind
      AND t.due_date = coalesce(o.due_date, '');
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION loan_tenant_tallies_clear() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM loan_tenant_tallies;
  RETURN NULL;
END $$;

CREATE TRIGGER loans_tenant_tally_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tenant_tallies_apply();
CREATE TRIGGER loans_tenant_tally_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tenant_tallies_apply();
CREATE TRIGGER loans_tenant_tally_delete AFTER DELETE ON loans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tenant_tallies_apply();
CREATE TRIGGER loans_tenant_tally_truncate AFTER TRUNCATE ON loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_tenant_tallies_clear();

INSERT INTO loan_tenant_tallies (tenant_id, status, kind, due_date, n)
SELECT tenant_id, status, kind, due_date, sum(n) FROM loan_tallies GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;

-- The overdue index went with the old status one: bound to a date, the planner preferred it and then
-- sorted every overdue loan.
DROP INDEX loans_status_idx;
DROP INDEX loans_due_idx;
CREATE INDEX loans_status_number_idx ON loans (tenant_id, status, number) INCLUDE (due_date, kind);
CREATE INDEX loans_kind_number_idx ON loans (tenant_id, kind, number) INCLUDE (status, due_date);

ALTER TABLE loans ADD COLUMN holder_name text, ADD COLUMN group_name text;
UPDATE loans l SET holder_name = p.name FROM people p WHERE p.tenant_id = l.tenant_id AND p.id = l.holder_id;
UPDATE loans l SET group_name = g.name FROM loan_groups g WHERE g.tenant_id = l.tenant_id AND g.id = l.group_id;
DROP INDEX loans_serial_trgm_idx;
-- The expression of loanSearchText() in repositories/loan-filter.ts.
CREATE INDEX loans_search_trgm_idx ON loans USING gin (
  ((serial COLLATE "default") || ' ' || coalesce(holder_name, '') || ' ' || coalesce(group_name, '')) gin_trgm_ops
);

-- Names follow people and groups. Statement-level, so a bulk insert of people or groups costs one
-- join with their loans (usually none yet), not a trigger per row.
CREATE FUNCTION loans_follow_holder_names() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE loans l SET holder_name = n.name FROM new_rows n
  WHERE l.tenant_id = n.tenant_id AND l.holder_id = n.id AND l.holder_name IS DISTINCT FROM n.name;
  RETURN NULL;
END $$;
CREATE FUNCTION loans_follow_group_names() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE loans l SET group_name = n.name FROM new_rows n
  WHERE l.tenant_id = n.tenant_id AND l.group_id = n.id AND l.group_name IS DISTINCT FROM n.name;
  RETURN NULL;
END $$;
CREATE TRIGGER people_loan_names_insert AFTER INSERT ON people REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loans_follow_holder_names();
CREATE TRIGGER people_loan_names_update AFTER UPDATE ON people REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loans_follow_holder_names();
CREATE TRIGGER loan_groups_loan_names_insert AFTER INSERT ON loan_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loans_follow_group_names();
CREATE TRIGGER loan_groups_loan_names_update AFTER UPDATE ON loan_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION loans_follow_group_names();
`;
