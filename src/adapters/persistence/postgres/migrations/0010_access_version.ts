/** Nothing to do on Postgres: access changes are announced with NOTIFY (pg-notifications.ts), not by bumping a row as SQLite's data_version signal needs. */
export const sql = '';
