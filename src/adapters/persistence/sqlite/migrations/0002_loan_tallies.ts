/** Nothing to do on SQLite: its 0001_initial already creates loan_tallies (Postgres added the table, with its upsert function, as a migration of its own). */
export const sql = '';
