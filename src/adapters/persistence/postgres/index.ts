/** The Postgres adapter: bootstrap binds these with factories (no decorators here). */
export { PgDatabase, type PgDatabaseOptions } from './pg-database.js';
export { PgUnitOfWork } from './pg-unit-of-work.js';
export { MIGRATIONS, type Migration } from './migrations/index.js';
