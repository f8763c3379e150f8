import { ConfigError } from '../../config/index.js';
import type { Actor } from '../../domain/shared/actor.js';
import { DomainError } from '../../domain/shared/errors.js';
import { operatorActor } from '../../domain/tenants/operator-actor.js';
import { ResolveTenant } from '../../domain/tenants/resolve-tenant.js';
import { BackupFailed } from '../../ports/database-backup.js';
import { DatabaseUnavailableError } from '../../ports/unit-of-work.js';
import type { DeskProgram, GlobalOptions, OpenOptions, OpenedProgram } from './program.js';

/** A failure the CLI reports as one line with a chosen exit code (2: bad arguments/config, 1: the rest). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/** The operator at the CLI, acting inside the tenant with this slug. */
export async function operatorIn(opened: OpenedProgram, slug: string): Promise<Actor> {
  return operatorActor(await opened.resolve(ResolveTenant).bySlug(slug));
}

/** A driver error without credentials: the code or the first line, never the URL. */
export function describeDatabaseError(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const text = (err.message ?? String(e)).split('\n')[0]!.replace(/postgres(ql)?:\/\/\S+/g, '<DATABASE_URL>');
  return err.code ? `${err.code} ${text}` : text;
}

/**
 * Runs a one-shot command: opens the program (configuration, database, migrations), runs `body`, and
 * closes it; any failure is one clear line on stderr with the exit code the CLI contract names, never
 * a stack trace.
 */
export async function runCommand(
  program: DeskProgram,
  options: GlobalOptions,
  body: (opened: OpenedProgram) => Promise<void>,
  needs: OpenOptions = {},
): Promise<void> {
  let opened: OpenedProgram | undefined;
  try {
    opened = await program.open(options, needs);
    await body(opened);
  } catch (e) {
    fail(e);
  } finally {
    await opened?.close().catch(() => undefined);
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
  if (e instanceof BackupFailed) return { message: e.message, exitCode: 1 };
  if (e instanceof DatabaseUnavailableError) {
    return { message: `cannot reach the database: ${describeDatabaseError(e.cause)}`, exitCode: 1 };
  }
  return { message: `unexpected error: ${describeDatabaseError(e)}`, exitCode: 1 };
}
