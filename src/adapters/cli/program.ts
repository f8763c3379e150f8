import type { Container } from 'inversify';
import type { DeskConfig } from '../../config/index.js';
import type { Resolve } from '../../domain/shared/use-case.js';

/** The options every command accepts. */
export interface GlobalOptions {
  embeddedDb?: boolean;
  fromEnvironment?: boolean;
  dataDir?: string;
}

export interface ServeOptions extends GlobalOptions {
  port?: number;
  host?: string;
  demo: boolean;
}

/** What a one-shot command needs beyond its configuration and database. */
export interface OpenOptions {
  /**
   * It seals a secret under ENCRYPTION_KEY: the key is made where `serve` makes it when the
   * deployment may have one generated (embedded, or a container on SQLite), else it must be set.
   */
  readonly sealsSecrets?: boolean;
}

/** The program opened for a one-shot command: configured, its database migrated. Close it when done. */
export interface OpenedProgram {
  readonly config: DeskConfig;
  readonly container: Container;
  /** How commands run use cases (`perform(resolve, ...)`) and reach services. */
  readonly resolve: Resolve;
  close(): Promise<void>;
}

/**
 * What the command line drives: the program itself, made by bootstrap and handed to the CLI by the
 * entry point (src/main.ts), so this adapter never imports bootstrap. Failures are thrown as they
 * are (a ConfigError, a DomainError, DatabaseUnavailableError, a CliError): the CLI turns each into
 * its one line and exit code.
 */
export interface DeskProgram {
  readonly version: string;
  /** Configures, connects and migrates, for a one-shot command. */
  open(options: GlobalOptions, needs?: OpenOptions): Promise<OpenedProgram>;
  /** Runs the service until a signal stops it. */
  serve(options: ServeOptions): Promise<void>;
  /** Speaks MCP on stdin/stdout for the API key until stdin ends. */
  serveMcpStdio(program: OpenedProgram, key: string): Promise<void>;
}
