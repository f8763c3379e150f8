import { MemoryUnitOfWork } from '../fakes/memory-unit-of-work.js';
import { runRepositoryContract } from './repositories.contract.js';

runRepositoryContract('memory', async () => ({ uow: new MemoryUnitOfWork(), close: async () => {} }));
