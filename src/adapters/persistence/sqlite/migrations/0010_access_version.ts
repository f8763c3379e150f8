// Every access change (a key revoked, a session ended, a user or the modules changed) bumps this one
// row, so the commit is a change to the file and moves every other connection's data_version
// (sqlite-access-signal.ts), whatever else the transaction wrote.
export const sql = `
CREATE TABLE access_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
) STRICT;
INSERT INTO access_version (id, version) VALUES (1, 0);
`;
