import type { Container } from 'inversify';
import type { DeskConfig } from '../../bootstrap/config.js';
import { ConfigError, loadConfig } from '../../bootstrap/load-config.js';
import { DomainError } from '../../domain/shared/errors.js';
import { operatorActor } from '../../domain/tenants/operator-actor.js';
import { ResolveTenant } from '../../domain/tenants/resolve-tenant.js';
import type { Actor } from '../../domain/shared/actor.js';
import { Database } from '../../ports/database.js';

/** The options every command accepts. */
export interface GlobalOptions {
  embeddedDb?: boolean;
  fromEnvironment?: boolean;
  dataDir?: string;
}

/** A failure the CLI reports as one line with a chosen exit code (2: bad arguments/config, 1: the rest). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

export function configFor(argv: GlobalOptions & { port?: number; host?: string }): DeskConfig {
  return loadConfig({
    embeddedDb: argv.embeddedDb,
    fromEnvironment: argv.fromEnvironment,
    installDir: process.cwd(),
    env: process.env,
    dataDir: argv.dataDir,
    port: argv.port,
    host: argv.host,
  });
}

/** Opens the database for a one-shot command: connect and migrate, or fail with exit 1. */
export async function openForCommand(argv: GlobalOptions): Promise<{ config: DeskConfig; container: Container }> {
  const config = configFor(argv);
  // Loaded here, not at the top: `desk --help` and argument errors need none of it.
  const { buildContainer } = await import('../../bootstrap/container.js');
  const container = await buildContainer(config);
  try {
    await container.get(Database).migrate();
  } catch (e) {
    await container
      .get(Database)
      .close()
      .catch(() => undefined);
    throw new CliError(`cannot reach the database: ${describeDatabaseError(e)}`, 1);
  }
  return { config, container };
}

export async function operatorIn(container: Container, slug: string): Promise<Actor> {
  return operatorActor(await container.get(ResolveTenant).bySlug(slug));
}

/** A driver error without credentials: the code or the first line, never the URL. */
export function describeDatabaseError(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const text = (err.message ?? String(e)).split('\n')[0]!.replace(/postgres(ql)?:\/\/\S+/g, '<DATABASE_URL>');
  return err.code ? `${err.code} ${text}` : text;
}

/**
 * Runs a command body: prints one clear line on stderr for any failure and sets the exit code the
 * CLI contract names. Never a stack trace.
 */
export async function runCommand(
  argv: GlobalOptions,
  body: (ctx: { config: DeskConfig; container: Container }) => Promise<void>,
): Promise<void> {
  let container: Container | undefined;
  try {
    const ctx = await openForCommand(argv);
    container = ctx.container;
    await body(ctx);
  } catch (e) {
    fail(e);
  } finally {
    await container
      ?.get(Database)
      .close()
      .catch(() => undefined);
  }
}

export function fail(e: unknown): void {
  const { message, exitCode } = classify(e);
  process.stderr.write(`desk: ${message}\n`);
  process.exitCode = exitCode;
}

function classify(e: unknown): { message: string; exitCode: 1 | 2 } {
  if (e instanceof CliError) return { message: e.message, exitCode: e.exitCode };
  if (e instanceof ConfigError) return { message: `configuration error: ${e.message}`, exitCode: 2 };
  if (e instanceof DomainError) return { message: e.message, exitCode: e.code === 'invalid' ? 2 : 1 };
  return { message: `unexpected error: ${describeDatabaseError(e)}`, exitCode: 1 };
}
