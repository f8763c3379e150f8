/**
 * The composition root resolves every use case in every deployment mode, with no list of them kept
 * by hand: the use cases are found in src/domain (each class that declares `required` and `input`),
 * bound on first use from their own declarations (resolveFrom: the class and what its constructor
 * injects), and every port they need is bound explicitly (src/ports). Nothing is autobound: an
 * unbound port is refused by name, never built as an empty object.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildContainer } from '../../src/bootstrap/container.js';
import { loadConfig } from '../../src/bootstrap/load-config.js';
import { EventStreams } from '../../src/adapters/http/event-streams.js';
import { EventHub } from '../../src/domain/events/event-hub.js';
import { WebhookDispatcher } from '../../src/domain/webhooks/webhook-dispatcher.js';
import { TOOLS } from '../../src/domain/catalogue/tools.js';
import { GetDevice } from '../../src/domain/devices/get-device.js';
import { Database } from '../../src/ports/database.js';
import { UnitOfWork } from '../../src/ports/unit-of-work.js';
import { tempInstallDir } from '../support/cli.js';
import { resolveFrom } from '../../src/bootstrap/container.js';

const SRC = join(import.meta.dirname, '../../src');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );

type Exported = { name: string; value: unknown; file: string };

async function exportsOf(dir: string): Promise<Exported[]> {
  const found: Exported[] = [];
  for (const file of sourceFiles(dir)) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) found.push({ name, value, file: relative(SRC, file) });
  }
  return found;
}

const isClass = (value: unknown): value is abstract new (...args: never[]) => object =>
  typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));

/** A use case: a class declaring what it requires and takes (use-case.ts). */
const isUseCase = (value: unknown): value is abstract new (...args: never[]) => object =>
  isClass(value) && 'required' in value && 'input' in value;

const useCases = async () => {
  const seen = new Set<unknown>();
  return (await exportsOf(join(SRC, 'domain'))).filter(
    (e) => isUseCase(e.value) && !seen.has(e.value) && seen.add(e.value),
  );
};

/** The ports: the abstract classes of src/ports, which adapters extend and the composition root binds. */
async function portClasses(): Promise<Set<unknown>> {
  const ports = new Set<unknown>();
  for (const file of sourceFiles(join(SRC, 'ports'))) {
    const abstract = [...readFileSync(file, 'utf8').matchAll(/export abstract class (\w+)/g)].map((m) => m[1]!);
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const name of abstract) ports.add(module[name]);
  }
  expect(ports.size).toBeGreaterThan(40);
  return ports;
}

describe('buildContainer', () => {
  it('finds the use case of every catalogue tool among the domain’s use cases', async () => {
    const found = new Set((await useCases()).map((e) => e.value));
    expect(found.size).toBeGreaterThan(80);
    expect(TOOLS.filter((tool) => !found.has(tool.useCase)).map((tool) => tool.name)).toEqual([]);
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
    it(`resolves every use case, its ports bound, with ${mode.name}`, async () => {
      const dir = tempInstallDir();
      const env = { ...mode.env, JWT_SECRET: 's'.repeat(40), ENCRYPTION_KEY: 'e'.repeat(43) };
      const config = loadConfig({ installDir: dir, env, fromEnvironment: true, dataDir: dir });
      const container = await buildContainer(config);
      const ports = await portClasses();
      try {
        expect(container.get(Database).dialect).toBe(mode.dialect);
        expect(container.get(UnitOfWork)).toBeInstanceOf(UnitOfWork);
        // The services that run beside requests resolve too (serve starts them).
        for (const service of [WebhookDispatcher, EventHub, EventStreams]) {
          expect(
            resolveFrom(container)(service as unknown as abstract new (...args: never[]) => object),
          ).toBeInstanceOf(service);
        }
        for (const { name, value } of await useCases()) {
          const useCase = value as abstract new (...args: never[]) => object;
          const instance = resolveFrom(container)(useCase);
          expect(instance, name).toBeInstanceOf(useCase);
          // One per container, as every use case has always been, however it is reached afterwards.
          expect(resolveFrom(container)(useCase), name).toBe(instance);
          expect(container.get<object>(useCase as never), name).toBe(instance);
          // Every injected dependency is a real object: never a port made by autobinding (an instance of
          // the abstract class itself), which would mean the composition root forgot to bind it.
          for (const [field, dependency] of Object.entries(instance)) {
            expect(dependency, `${name}.${field}`).toBeTruthy();
            expect(ports.has((dependency as object).constructor), `${name}.${field} is an unbound port`).toBe(false);
          }
        }
      } finally {
        await container.get(Database).close();
      }
    });
  }

  it('refuses to resolve a port nobody bound, naming it and who needed it, instead of building it', async () => {
    const dir = tempInstallDir();
    const env = { JWT_SECRET: 's'.repeat(40), ENCRYPTION_KEY: 'e'.repeat(43) };
    const config = loadConfig({ installDir: dir, env, fromEnvironment: true, dataDir: dir });
    const container = await buildContainer(config);
    try {
      await container.unbind(UnitOfWork);
      expect(() => resolveFrom(container)(GetDevice)).toThrow(/GetDevice → UnitOfWork: UnitOfWork is not bound/);
      expect(() => container.get(GetDevice)).toThrow();
    } finally {
      await container.get(Database).close();
    }
  });
});
