/** The composition root resolves every use case in every deployment mode. */
import { describe, expect, it } from 'vitest';
import { buildContainer } from '../../src/bootstrap/container.js';
import { loadConfig } from '../../src/bootstrap/load-config.js';
import { USE_CASES } from '../../src/bootstrap/use-cases.js';
import { EventStreams } from '../../src/adapters/http/event-streams.js';
import { EventHub } from '../../src/domain/events/event-hub.js';
import { WebhookDispatcher } from '../../src/domain/webhooks/webhook-dispatcher.js';
import { TOOLS } from '../../src/domain/catalogue/tools.js';
import { Database } from '../../src/ports/database.js';
import { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { tempInstallDir } from '../support/cli.js';

describe('buildContainer', () => {
  it('binds the use case of every catalogue tool', () => {
    const bound = new Set<unknown>(USE_CASES);
    expect(TOOLS.filter((tool) => !bound.has(tool.useCase)).map((tool) => tool.name)).toEqual([]);
  });

  const modes = [
    { name: 'embedded SQLite', env: {}, dialect: 'sqlite' },
    {
      name: 'Postgres (not connected)',
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      dialect: 'postgres',
    },
  ] as const;

  for (const mode of modes) {
    it(`resolves every use case with ${mode.name}`, async () => {
      const dir = tempInstallDir();
      const env = { ...mode.env, JWT_SECRET: 's'.repeat(40), ENCRYPTION_KEY: 'e'.repeat(43) };
      const config = loadConfig({ installDir: dir, env, fromEnvironment: true, dataDir: dir });
      const container = await buildContainer(config);
      try {
        expect(container.get(Database).dialect).toBe(mode.dialect);
        expect(container.get(UnitOfWork)).toBeInstanceOf(UnitOfWork);
        // The services that run beside requests resolve too (serve starts them).
        for (const service of [WebhookDispatcher, EventHub, EventStreams]) {
          expect(container.get<object>(service)).toBeInstanceOf(service);
        }
        for (const useCase of USE_CASES) {
          const instance = container.get<object>(useCase);
          expect(instance, useCase.name).toBeInstanceOf(useCase);
          // Every injected dependency is a real object, never an empty autobound stand-in.
          for (const [field, value] of Object.entries(instance)) {
            expect(value, `${useCase.name}.${field}`).toBeTruthy();
            const emptyStandIn = Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length === 0;
            expect(emptyStandIn, `${useCase.name}.${field}`).toBe(false);
          }
        }
      } finally {
        await container.get(Database).close();
      }
    });
  }
});
