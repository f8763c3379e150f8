import type { Argv, CommandModule } from 'yargs';
import { MODULES } from '../../../domain/access/permissions.js';
import { SeedDemo, DEMO_SIZES } from '../../../domain/demo/seed-demo.js';
import { CreateUser } from '../../../domain/identity/create-user.js';
import { CreateUserWithInvitationFile } from '../../../domain/identity/create-user-with-invitation-file.js';
import { CreateSetupLink } from '../../../domain/identity/create-setup-link.js';
import { ChangeModules } from '../../../domain/tenants/change-modules.js';
import { CreateTenant } from '../../../domain/tenants/create-tenant.js';
import { ListTenants } from '../../../domain/tenants/list-tenants.js';
import type { Tenant } from '../../../domain/tenants/tenant.js';
import { UpdateTenant } from '../../../domain/tenants/update-tenant.js';
import { GetAlertAddresses, SetAlertAddresses } from '../../../domain/events/alert-addresses.js';
import { Database } from '../../../ports/database.js';
import { CliError, operatorIn, runCommand } from '../command.js';
import type { DeskProgram, GlobalOptions } from '../program.js';
import { readStdin } from '../stdin.js';
import { tenantSsoCommand } from './sso.js';
import { perform } from '../../../domain/shared/use-case.js';

type Args<T> = GlobalOptions & T;

export const migrateCommand = (program: DeskProgram): CommandModule<GlobalOptions, GlobalOptions> => ({
  command: 'migrate',
  describe: 'Apply pending database migrations',
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      // openForCommand has migrated already; a second call reports nothing new.
      const { applied } = await opened.resolve(Database).migrate();
      process.stdout.write(applied.length ? `applied ${applied.join(', ')}\n` : 'database is up to date\n');
    }),
});

const tenantCreateCommand = (program: DeskProgram): CommandModule<GlobalOptions, GlobalOptions> => ({
  command: 'tenant <action>',
  describe: 'Manage tenants (institutions)',
  builder: (y: Argv<GlobalOptions>) =>
    y.command<Args<{ slug: string; name: string; host: string[]; timeZone: string; currency: string }>>(
      'create <slug>',
      'Create a tenant with every module off',
      (c) =>
        c
          .positional('slug', { type: 'string', demandOption: true, describe: 'Short identifier, e.g. north-high' })
          .option('name', { type: 'string', demandOption: true, describe: 'Display name' })
          .option('host', {
            type: 'string',
            array: true,
            default: [],
            describe: 'Host name the school uses (repeatable)',
          })
          .option('time-zone', { type: 'string', default: 'UTC', describe: 'IANA time zone' })
          .option('currency', { type: 'string', default: 'EUR', describe: 'ISO 4217 currency' }),
      (argv) =>
        runCommand(program, argv, async (opened) => {
          const tenant = await opened.resolve(CreateTenant).execute({
            slug: argv.slug,
            name: argv.name,
            hosts: argv.host,
            timeZone: argv.timeZone,
            currency: argv.currency,
          });
          process.stdout.write(
            `created tenant ${tenant.slug} (${tenant.id}); enable modules with: desk module enable ${tenant.slug} <module>...\n`,
          );
        }),
    ),
  handler: () => undefined,
});

/** `desk tenant create`, `list`, `update`, `alerts` and `sso`. */
export const tenantCommand = (program: DeskProgram): CommandModule<GlobalOptions, GlobalOptions> => {
  const create = tenantCreateCommand(program);
  const builder = create.builder as (y: Argv<GlobalOptions>) => Argv<GlobalOptions>;
  return {
    ...create,
    builder: (y) =>
      builder(y)
        .command(tenantListCommand(program) as never)
        .command(tenantUpdateCommand(program) as never)
        .command(tenantAlertsCommand(program) as never)
        .command(tenantSsoCommand(program) as never),
  };
};

/** One school as `tenant list` and `tenant update` print it: one line, every field named. */
const schoolLine = (t: Pick<Tenant, 'slug' | 'name' | 'timeZone' | 'currency' | 'hosts' | 'modules'>): string =>
  `${t.slug}\t${t.name}\ttime zone ${t.timeZone}\tcurrency ${t.currency}\thosts ${
    t.hosts.length ? t.hosts.join(', ') : '(none)'
  }\tmodules ${t.modules.length ? t.modules.join(', ') : '(none)'}\n`;

/** `desk tenant list [--json]`: every school, by slug. */
const tenantListCommand = (program: DeskProgram) => ({
  command: 'list',
  describe: 'List the tenants: slug, name, time zone, currency, host names, modules',
  builder: (c: Argv<GlobalOptions>) => c.option('json', { type: 'boolean', default: false, describe: 'Print JSON' }),
  handler: (argv: Args<{ json: boolean }>) =>
    runCommand(program, argv, async (opened) => {
      const tenants = await opened.resolve(ListTenants).execute();
      if (argv.json) {
        process.stdout.write(`${JSON.stringify({ tenants }, null, 2)}\n`);
      } else process.stdout.write(tenants.length ? tenants.map(schoolLine).join('') : 'no tenants yet\n');
    }),
});

/**
 * `desk tenant update <slug> [--name] [--host ...] [--time-zone] [--currency]`: what `tenant create`
 * set, changed later; each value judged as there (a bad one exits 2, an unknown school 1). `--host`
 * replaces the whole list of host names; `--clear-hosts` removes them all. Audited.
 */
const tenantUpdateCommand = (program: DeskProgram) => ({
  command: 'update <slug>',
  describe: "Change a tenant's name, time zone, currency or host names",
  builder: (c: Argv<GlobalOptions>) =>
    c
      .positional('slug', { type: 'string', demandOption: true })
      .option('name', { type: 'string', describe: 'Display name' })
      .option('host', { type: 'string', array: true, describe: 'Host names, the whole list (repeatable)' })
      .option('clear-hosts', { type: 'boolean', default: false, describe: 'Remove every host name' })
      .option('time-zone', { type: 'string', describe: 'IANA time zone' })
      .option('currency', { type: 'string', describe: 'ISO 4217 currency' }),
  handler: (
    argv: Args<{
      slug: string;
      name?: string;
      host?: string[];
      clearHosts: boolean;
      timeZone?: string;
      currency?: string;
    }>,
  ) =>
    runCommand(program, argv, async (opened) => {
      if (argv.host !== undefined && argv.clearHosts) throw new CliError('give --host or --clear-hosts, not both', 2);
      const hosts = argv.clearHosts ? [] : argv.host?.map(String);
      if ([argv.name, hosts, argv.timeZone, argv.currency].every((v) => v === undefined)) {
        throw new CliError('nothing to change: give --name, --host, --clear-hosts, --time-zone or --currency', 2);
      }
      const actor = await operatorIn(opened, argv.slug);
      // An option not given is undefined, which UpdateTenant leaves as it was.
      const { school } = await perform(opened.resolve, UpdateTenant, actor, {
        name: argv.name,
        hosts,
        timeZone: argv.timeZone,
        currency: argv.currency,
      });
      process.stdout.write(`updated ${schoolLine({ ...school, modules: actor.tenant.modules })}`);
    }),
});

/**
 * `desk tenant alerts <slug> [--email a,b | --default]`: shows where the tenant's alert e-mail goes,
 * or sets its addresses (`--default`: back to its active school administrators). Audited.
 */
const tenantAlertsCommand = (program: DeskProgram) => ({
  command: 'alerts <slug>',
  describe: "Show or set where a tenant's alert e-mail goes",
  builder: (c: Argv<GlobalOptions>) =>
    c
      .positional('slug', { type: 'string', demandOption: true })
      .option('email', { type: 'string', describe: 'Alert addresses, comma-separated' })
      .option('default', {
        type: 'boolean',
        default: false,
        describe: 'Send alerts to the active school administrators again',
      }),
  handler: (argv: Args<{ slug: string; email?: string; default: boolean }>) =>
    runCommand(program, argv, async (opened) => {
      if (argv.email !== undefined && argv.default) throw new CliError('give --email or --default, not both', 2);
      const actor = await operatorIn(opened, argv.slug);
      const result =
        argv.email === undefined && !argv.default
          ? await perform(opened.resolve, GetAlertAddresses, actor, {})
          : await perform(opened.resolve, SetAlertAddresses, actor, {
              emails: argv.default
                ? null
                : String(argv.email)
                    .split(',')
                    .map((a) => a.trim())
                    .filter(Boolean),
            });
      const source = result.emails === null ? 'the school administrators' : 'the addresses set';
      process.stdout.write(
        `${argv.slug}: alerts go to ${source}: ${result.recipients.length ? result.recipients.join(', ') : '(nobody yet)'}\n`,
      );
    }),
});

const moduleChange = (program: DeskProgram, action: 'enable' | 'disable') => ({
  command: `${action} <tenant> <modules..>`,
  describe: `${action === 'enable' ? 'Enable' : 'Disable'} modules (${MODULES.join(', ')})`,
  builder: (c: Argv<GlobalOptions>) =>
    c
      .positional('tenant', { type: 'string', demandOption: true })
      .positional('modules', { type: 'string', array: true, demandOption: true }),
  handler: (argv: Args<{ tenant: string; modules: string[] }>) =>
    runCommand(program, argv, async (opened) => {
      const actor = await operatorIn(opened, argv.tenant);
      const { modules } = await perform(opened.resolve, ChangeModules, actor, {
        [action]: argv.modules.map(String),
      });
      process.stdout.write(`${argv.tenant}: modules enabled: ${modules.length ? modules.join(', ') : '(none)'}\n`);
    }),
});

export const moduleCommand = (program: DeskProgram): CommandModule<GlobalOptions, GlobalOptions> => ({
  command: 'module <action>',
  describe: 'Turn modules on or off for a tenant',
  builder: (y) =>
    y.command(moduleChange(program, 'enable') as never).command(moduleChange(program, 'disable') as never),
  handler: () => undefined,
});

export const userCommand = (program: DeskProgram): CommandModule<GlobalOptions, GlobalOptions> => ({
  command: 'user <action>',
  describe: 'Manage console users',
  builder: (y: Argv<GlobalOptions>) =>
    y.command<
      Args<{ tenant: string; email: string; name: string; role: string; loanGroup: string[]; passwordStdin: boolean }>
    >(
      'create <tenant> <email>',
      'Create a console user',
      (c) =>
        c
          .positional('tenant', { type: 'string', demandOption: true })
          .positional('email', { type: 'string', demandOption: true })
          .option('name', { type: 'string', demandOption: true })
          .option('role', {
            type: 'string',
            demandOption: true,
            describe: 'school-admin, technician, loan-desk, teacher or read-only',
          })
          .option('loan-group', {
            type: 'string',
            array: true,
            default: [],
            describe: 'Loan group id of the authorised pool (repeatable)',
          })
          .option('password-stdin', {
            type: 'boolean',
            default: false,
            describe:
              'Read the password from standard input; without it the user is invited by a link in an owner-only file',
          }),
      (argv) =>
        runCommand(program, argv, async (opened) => {
          // Read the password first: never from an argument, which other users could see in ps.
          const password = argv.passwordStdin ? (await readStdin()).replace(/\r?\n$/, '') : undefined;
          const actor = await operatorIn(opened, argv.tenant);
          const input = {
            email: argv.email,
            name: argv.name,
            role: argv.role,
            loanGroupIds: argv.loanGroup.map(String),
          };
          if (password !== undefined) {
            const { user } = await perform(opened.resolve, CreateUser, actor, { ...input, password });
            process.stdout.write(`created user ${user.email} (${user.id}) with role ${user.role}\n`);
            return;
          }
          // No password: an invitation in an owner-only file. Only its path is printed, never the
          // link (a terminal's scrollback and a script's log are not places for it), as setup-link does.
          const { invitation } = await perform(opened.resolve, CreateUserWithInvitationFile, actor, input);
          process.stdout.write(`${invitation?.path}\n`);
        }),
    ),
  handler: () => undefined,
});

export const setupLinkCommand = (
  program: DeskProgram,
): CommandModule<GlobalOptions, Args<{ email: string; tenant?: string }>> => ({
  command: 'setup-link <email>',
  describe: 'Write a one-use recovery link for a school administrator to .setup-link.html',
  builder: (c) =>
    c
      .positional('email', { type: 'string', demandOption: true })
      .option('tenant', { type: 'string', describe: 'Tenant slug, when the address administers several' }) as never,
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      const { path } = await opened.resolve(CreateSetupLink).execute({ email: argv.email, tenantSlug: argv.tenant });
      // Only the path: the link itself is a secret and stays in the owner-only file.
      process.stdout.write(`${path}\n`);
    }),
});

export const seedDemoCommand = (
  program: DeskProgram,
): CommandModule<GlobalOptions, Args<{ tenant: string; size: string }>> => ({
  command: 'seed-demo <tenant>',
  describe: 'Fill an empty tenant with demo data',
  builder: (c) =>
    c
      .positional('tenant', { type: 'string', demandOption: true })
      .option('size', { type: 'string', choices: Object.keys(DEMO_SIZES), default: 'school' }) as never,
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      const started = Date.now();
      const actor = await operatorIn(opened, argv.tenant);
      const report = await perform(opened.resolve, SeedDemo, actor, { size: argv.size });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `seeded ${argv.tenant} (${report.size}) in ${seconds}s: ${report.people} people, ${report.loans} loans in ${report.loanGroups} groups, ` +
          `${report.devices} devices, ${report.submissions} submissions, ${report.tickets} tickets, ${report.costEntries} cost entries\n`,
      );
    }),
});
