import type { DeskProgram } from '../adapters/cli/program.js';
import { VERSION } from '../config/index.js';
import { AccessSignal } from '../ports/access-signal.js';
import { Database } from '../ports/database.js';
import { EventSignal } from '../ports/event-signal.js';
import { Mailer } from '../ports/mailer.js';
import { configForCommand, ensureEncryptionKey } from './load-config.js';

/**
 * The program the command line drives (adapters/cli/program.ts). What each command needs is loaded
 * when it runs, so `desk --help` and an argument error load no container, HTTP stack or SDK.
 */
export const program: DeskProgram = {
  version: VERSION,

  async open(options, needs = {}) {
    const configured = configForCommand(options);
    const config = needs.sealsSecrets ? ensureEncryptionKey(configured) : configured;
    const { buildContainer, resolveFrom } = await import('./container.js');
    const container = await buildContainer(config);
    // A listening connection (Postgres: the access cache of `desk mcp --stdio`) would keep the process up.
    const close = async () => {
      await container.get(AccessSignal).close();
      await container.get(EventSignal).close();
      // The SMTP pool of a command that sent mail (desk reminders send) keeps its sessions open.
      await container.get(Mailer).close();
      await container.get(Database).close();
    };
    try {
      await container.get(Database).migrate();
    } catch (e) {
      await close().catch(() => undefined);
      throw e;
    }
    return { config, container, resolve: resolveFrom(container), close };
  },

  async serve(options) {
    const { serve } = await import('./serve.js');
    await serve(options);
  },

  async serveMcpStdio(opened, key) {
    const { serveMcpStdio } = await import('./mcp.js');
    await serveMcpStdio(opened, key);
  },
};
