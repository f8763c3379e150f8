import { describe, expect, it } from 'vitest';
import { MemoryUnitOfWork } from '../support/fakes/memory-unit-of-work.js';
import { runRepositoryContract } from './repositories.contract.js';

runRepositoryContract('memory', async () => ({ uow: new MemoryUnitOfWork(), close: async () => {} }));

// The port's rule the SQLite adapter cannot check cheaply (a nested unit of work would wait for
// itself): the fake the use cases are tested on refuses it, so a use case that nests fails its tests.
describe('memory unit of work', () => {
  it('refuses a unit of work started inside another', async () => {
    const uow = new MemoryUnitOfWork();
    await expect(uow.transaction(() => uow.read(async () => 1))).rejects.toThrow(/cannot nest/);
    await expect(uow.read(() => uow.transaction(async () => 1))).rejects.toThrow(/cannot nest/);
    await expect(uow.read(async () => 1)).resolves.toBe(1);
  });
});
