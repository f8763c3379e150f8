import { describe } from 'vitest';
import { runRepositoryContract } from './repositories.contract.js';
import { openPostgresSubject, postgresAvailable, warnIfPostgresSkipped } from '../support/postgres.js';

warnIfPostgresSkipped();

describe.skipIf(!postgresAvailable)('postgres', () => {
  runRepositoryContract('postgres', openPostgresSubject);
});
