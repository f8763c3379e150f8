/** Nothing to do on SQLite: its 0001_initial already creates the partial index of issued loans (loans_tenant_issued_due), which covers what Postgres's loans_issued_number_idx does. */
export const sql = '';
