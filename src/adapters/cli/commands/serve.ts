import type { CommandModule } from 'yargs';
import { fail, type GlobalOptions } from '../context.js';
import type { ServeArgs } from '../serve-runtime.js';

export const serveCommand: CommandModule<GlobalOptions, ServeArgs> = {
  command: 'serve',
  describe: 'Run the HTTP service',
  builder: (y) =>
    y
      .option('port', { type: 'number', describe: 'Port to listen on (PORT, default 3000)' })
      .option('host', { type: 'string', describe: 'Address to listen on (HOST, default 127.0.0.1)' })
      .option('demo', {
        type: 'boolean',
        default: false,
        describe: 'Seed a demo school into an empty database',
      }) as never,
  handler: async (argv) => {
    try {
      const { serve } = await import('../serve-runtime.js');
      await serve(argv);
    } catch (e) {
      fail(e);
    }
  },
};
