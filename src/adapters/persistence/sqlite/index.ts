export { SqliteDatabase } from './sqlite-database.js';
export { SqliteUnitOfWork } from './sqlite-unit-of-work.js';
export { MIGRATIONS } from './migrations/index.js';
