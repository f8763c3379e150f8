import { describe } from 'vitest';
import { MemoryUnitOfWork } from '../support/fakes/memory-unit-of-work.js';
import { openPostgresSubject, postgresAvailable, warnIfPostgresSkipped } from '../support/postgres.js';
import { openSqliteSubject } from '../support/sqlite.js';
import { runLoanSearchContract } from './loan-search.contract.js';

runLoanSearchContract('memory', async () => ({ uow: new MemoryUnitOfWork(), close: async () => {} }));
runLoanSearchContract('sqlite', openSqliteSubject);

warnIfPostgresSkipped();
describe.skipIf(!postgresAvailable)('postgres', () => {
  runLoanSearchContract('postgres', openPostgresSubject);
});
