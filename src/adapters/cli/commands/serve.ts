import type { CommandModule } from 'yargs';
import { fail } from '../command.js';
import type { DeskProgram, GlobalOptions, ServeOptions } from '../program.js';

export const serveCommand = (program: DeskProgram): CommandModule<GlobalOptions, ServeOptions> => ({
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
      await program.serve(argv);
    } catch (e) {
      fail(e);
    }
  },
});
