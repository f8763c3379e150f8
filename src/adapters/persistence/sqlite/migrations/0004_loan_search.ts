/**
 * The inventory at district size (issue 4): whole-tenant tallies, covering indexes, and the loan
 * search index behind free-text `q`.
 *
 * - `loan_tenant_tallies` is `loan_tallies` without the group: a few hundred rows per tenant, so the
 *   summary of the whole tenant (and unfiltered totals) no longer add up one row per group and due date
 *   (51,000 rows at district size). Kept by SqliteLoanRepository next to `loan_tallies`.
 * - `loans_tenant_status_number_due` and `loans_tenant_kind_number_due` replace the status and overdue
 *   indexes: a page of a status, a kind or the overdue loans is read in number order from an index.
 * - `loan_search` holds one row per loan, keyed `tenant key << 32 | number` (key order is number order
 *   within a tenant), with the serial, holder name and group name folded by desk_fold and the columns
 *   the inventory filters on. `loan_search_fts` is an FTS5 trigram index over the three texts
 *   (case-sensitive: they are folded already), kept in step with `loan_search` by triggers;
 *   `loan_search_terms` lists its trigrams.
 *   SqliteLoanRepository writes `loan_search` together with the loans; triggers on people and
 *   loan_groups follow renames (and groups stored after their loans). Those call desk_fold, which
 *   every SqliteDatabase connection registers (elsewhere such a write fails rather than drifts).
 */
export const sql = `
CREATE TABLE loan_tenant_tallies (
  tenant_id TEXT NOT NULL,
  status TEXT NOT NULL,
  kind TEXT NOT NULL,
  due_date TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, status, kind, due_date)
) STRICT, WITHOUT ROWID;
INSERT INTO loan_tenant_tallies (tenant_id, status, kind, due_date, n)
SELECT tenant_id, status, kind, due_date, sum(n) FROM loan_tallies GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;

-- Pages in number order for a status or a kind, overdue included, read from the index alone. The old
-- overdue index went: bound to a date, SQLite preferred it and then sorted every overdue loan.
DROP INDEX loans_tenant_status_number;
DROP INDEX loans_tenant_issued_due;
CREATE INDEX loans_tenant_status_number_due ON loans (tenant_id, status, number, due_date, kind);
CREATE INDEX loans_tenant_kind_number_due ON loans (tenant_id, kind, number, status, due_date);
-- A class (userGroup) filter, alone or with q, reads its loans in number order.
CREATE INDEX loans_tenant_user_group ON loans (tenant_id, user_group, number) WHERE user_group IS NOT NULL;

-- A small integer per tenant that has loans: the high half of loan_search keys.
CREATE TABLE loan_search_tenants (
  tenant_id TEXT PRIMARY KEY,
  key INTEGER NOT NULL UNIQUE
) STRICT;
INSERT INTO loan_search_tenants (tenant_id, key)
SELECT tenant_id, row_number() OVER (ORDER BY tenant_id) FROM (SELECT DISTINCT tenant_id FROM loans);

CREATE TABLE loan_search (
  key INTEGER PRIMARY KEY,
  status TEXT NOT NULL,
  kind TEXT NOT NULL,
  group_id TEXT NOT NULL,
  due_date TEXT,
  holder_id TEXT,
  user_group TEXT,
  serial TEXT NOT NULL,
  holder TEXT NOT NULL,
  grp TEXT NOT NULL
) STRICT;
INSERT INTO loan_search (key, status, kind, group_id, due_date, holder_id, user_group, serial, holder, grp)
SELECT (t.key << 32) | l.number, l.status, l.kind, l.group_id, l.due_date, l.holder_id, l.user_group,
  desk_fold(l.serial), coalesce(desk_fold(p.name), ''), coalesce(desk_fold(g.name), '')
FROM loans l
JOIN loan_search_tenants t ON t.tenant_id = l.tenant_id
LEFT JOIN people p ON p.tenant_id = l.tenant_id AND p.id = l.holder_id
LEFT JOIN loan_groups g ON g.tenant_id = l.tenant_id AND g.id = l.group_id;

-- Contentless: loan_search holds the texts. Each text is indexed with a U+0001 after it, so every
-- 2-character substring starts some trigram (see LoanSearch: 2-character q expands to those trigrams).
CREATE VIRTUAL TABLE loan_search_fts USING fts5(
  serial, holder, grp, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
);
INSERT INTO loan_search_fts (rowid, serial, holder, grp)
SELECT key, serial || char(1), holder || char(1), grp || char(1) FROM loan_search;
CREATE VIRTUAL TABLE loan_search_terms USING fts5vocab(loan_search_fts, 'row');

-- The FTS index follows loan_search.
CREATE TRIGGER loan_search_fts_insert AFTER INSERT ON loan_search BEGIN
  INSERT INTO loan_search_fts (rowid, serial, holder, grp)
  VALUES (NEW.key, NEW.serial || char(1), NEW.holder || char(1), NEW.grp || char(1));
END;
CREATE TRIGGER loan_search_fts_delete AFTER DELETE ON loan_search BEGIN
  DELETE FROM loan_search_fts WHERE rowid = OLD.key;
END;
CREATE TRIGGER loan_search_fts_update AFTER UPDATE OF serial, holder, grp ON loan_search
WHEN OLD.serial IS NOT NEW.serial OR OLD.holder IS NOT NEW.holder OR OLD.grp IS NOT NEW.grp BEGIN
  DELETE FROM loan_search_fts WHERE rowid = OLD.key;
  INSERT INTO loan_search_fts (rowid, serial, holder, grp)
  VALUES (NEW.key, NEW.serial || char(1), NEW.holder || char(1), NEW.grp || char(1));
END;

-- Names live in people and loan_groups: follow renames, and groups stored after their loans. A holder
-- must exist before a loan names them (IssueLoan checks it; seeding stores people first): a trigger
-- on every person stored would double the time of seeding 400,000 people.
CREATE TRIGGER people_loan_search_name AFTER UPDATE OF name ON people WHEN OLD.name IS NOT NEW.name BEGIN
  UPDATE loan_search SET holder = desk_fold(NEW.name)
  WHERE key IN (SELECT (t.key << 32) | l.number FROM loans l JOIN loan_search_tenants t ON t.tenant_id = l.tenant_id
                WHERE l.tenant_id = NEW.tenant_id AND l.holder_id = NEW.id);
END;
CREATE TRIGGER loan_groups_loan_search_insert AFTER INSERT ON loan_groups BEGIN
  UPDATE loan_search SET grp = desk_fold(NEW.name)
  WHERE key IN (SELECT (t.key << 32) | l.number FROM loans l JOIN loan_search_tenants t ON t.tenant_id = l.tenant_id
                WHERE l.tenant_id = NEW.tenant_id AND l.group_id = NEW.id);
END;
CREATE TRIGGER loan_groups_loan_search_name AFTER UPDATE OF name ON loan_groups WHEN OLD.name IS NOT NEW.name BEGIN
  UPDATE loan_search SET grp = desk_fold(NEW.name)
  WHERE key IN (SELECT (t.key << 32) | l.number FROM loans l JOIN loan_search_tenants t ON t.tenant_id = l.tenant_id
                WHERE l.tenant_id = NEW.tenant_id AND l.group_id = NEW.id);
END;
`;
