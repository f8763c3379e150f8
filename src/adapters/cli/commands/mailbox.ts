import type { CommandModule } from 'yargs';
import {
  AddMailbox,
  ListMailboxes,
  RemoveMailbox,
  TestMailbox,
} from '../../../domain/tickets/mail-in/manage-mailboxes.js';
import type { MailboxView } from '../../../domain/tickets/mail-in/mailbox.js';
import type { Actor } from '../../../domain/shared/actor.js';
import { perform } from '../../../domain/shared/use-case.js';
import { CliError, operatorIn, runCommand } from '../command.js';
import type { DeskProgram, GlobalOptions, OpenedProgram } from '../program.js';
import { readStdin } from '../stdin.js';

type AddArgs = GlobalOptions & {
  school: string;
  address: string;
  host: string;
  port: number;
  user: string;
  passwordStdin: boolean;
  processedFolder?: string;
  unknownSenders?: 'refuse' | 'open';
};
type PickArgs = GlobalOptions & { school: string; mailbox: string };

/**
 * `desk mailbox add|list|test|remove` (issue 30, point 2): a school's mailboxes for Desk to read, as
 * Settings keeps them. The password is read from standard input, never from an argument (other users
 * see those in `ps`), and sealed under ENCRYPTION_KEY. A mailbox is named by its id or its address.
 */
export const mailboxCommand = (program: DeskProgram): CommandModule<GlobalOptions, GlobalOptions> => ({
  command: 'mailbox <action>',
  describe: "A school's mailboxes that Desk reads into tickets",
  builder: (y) =>
    y
      .command(addCommand(program))
      .command(listCommand(program))
      .command(testCommand(program))
      .command(removeCommand(program))
      .demandCommand(1) as never,
  handler: () => undefined,
});

const line = (m: MailboxView) =>
  `${m.id}  ${m.address}  ${m.username}@${m.host}:${m.port}  → ${m.processedFolder}  unknown senders: ${m.unknownSenders}` +
  (m.lastError
    ? `  last error: ${m.lastError}`
    : m.lastCheckedAt
      ? `  last read ${m.lastCheckedAt}`
      : '  not read yet') +
  '\n';

async function find(opened: OpenedProgram, actor: Actor, name: string): Promise<MailboxView> {
  const { mailboxes } = await perform(opened.resolve, ListMailboxes, actor, {});
  const found = mailboxes.find((m) => m.id === name || m.address === name.toLowerCase());
  if (!found) throw new CliError(`no mailbox ${name} in this school`, 1);
  return found;
}

const addCommand = (program: DeskProgram): CommandModule<GlobalOptions, AddArgs> => ({
  command: 'add <school> <address>',
  describe: 'Add a mailbox (IMAP over TLS); the password comes on standard input',
  builder: (y) =>
    y
      .positional('school', { type: 'string', demandOption: true })
      .positional('address', { type: 'string', demandOption: true })
      .option('host', { type: 'string', demandOption: true, describe: "The IMAP server's name" })
      .option('port', { type: 'number', default: 993, describe: 'IMAP over TLS (993 unless told otherwise)' })
      .option('user', { type: 'string', demandOption: true, describe: 'The user name to sign in as' })
      .option('password-stdin', { type: 'boolean', default: false, describe: 'Read the password from standard input' })
      .option('processed-folder', { type: 'string', describe: 'Where read mail goes (default "Processed by Desk")' })
      .option('unknown-senders', {
        type: 'string',
        choices: ['refuse', 'open'],
        describe: 'Mail from an address the school does not know: refuse (default) or open a ticket',
      }) as never,
  handler: (argv) =>
    runCommand(
      program,
      argv,
      async (opened) => {
        if (!argv.passwordStdin) throw new CliError('give the password on standard input with --password-stdin', 2);
        const password = (await readStdin()).replace(/\r?\n$/, '');
        if (password === '') throw new CliError('--password-stdin: standard input held no password', 2);
        const actor = await operatorIn(opened, argv.school);
        const { mailbox } = await perform(opened.resolve, AddMailbox, actor, {
          address: argv.address,
          host: argv.host,
          port: argv.port,
          username: argv.user,
          password,
          ...(argv.processedFolder !== undefined ? { processedFolder: argv.processedFolder } : {}),
          ...(argv.unknownSenders !== undefined ? { unknownSenders: argv.unknownSenders } : {}),
        });
        process.stdout.write(`${argv.school}: reading ${mailbox.address}\n${line(mailbox)}`);
      },
      { sealsSecrets: true },
    ),
});

const listCommand = (program: DeskProgram): CommandModule<GlobalOptions, GlobalOptions & { school: string }> => ({
  command: 'list <school>',
  describe: "The school's mailboxes (never their passwords)",
  builder: (y) => y.positional('school', { type: 'string', demandOption: true }) as never,
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      const { mailboxes } = await perform(opened.resolve, ListMailboxes, await operatorIn(opened, argv.school), {});
      process.stdout.write(mailboxes.length === 0 ? `${argv.school}: no mailboxes\n` : mailboxes.map(line).join(''));
    }),
});

const testCommand = (program: DeskProgram): CommandModule<GlobalOptions, PickArgs> => ({
  command: 'test <school> <mailbox>',
  describe: 'Sign in to a mailbox as Desk would and say what it found (exit 1 when it cannot)',
  builder: (y) =>
    y
      .positional('school', { type: 'string', demandOption: true })
      .positional('mailbox', { type: 'string', demandOption: true }) as never,
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      const actor = await operatorIn(opened, argv.school);
      const mailbox = await find(opened, actor, argv.mailbox);
      const result = await perform(opened.resolve, TestMailbox, actor, { id: mailbox.id });
      if (!result.ok) throw new CliError(`${mailbox.address}: ${result.error}`, 1);
      process.stdout.write(
        `${mailbox.address}: signed in; ${result.messages} message(s) waiting; folders: ${result.folders.join(', ')}\n`,
      );
    }),
});

const removeCommand = (program: DeskProgram): CommandModule<GlobalOptions, PickArgs> => ({
  command: 'remove <school> <mailbox>',
  describe: 'Stop reading a mailbox (its mail stays where it is)',
  builder: (y) =>
    y
      .positional('school', { type: 'string', demandOption: true })
      .positional('mailbox', { type: 'string', demandOption: true }) as never,
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      const actor = await operatorIn(opened, argv.school);
      const mailbox = await find(opened, actor, argv.mailbox);
      await perform(opened.resolve, RemoveMailbox, actor, { id: mailbox.id });
      process.stdout.write(`${argv.school}: no longer reading ${mailbox.address}\n`);
    }),
});
