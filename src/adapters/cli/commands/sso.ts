import type { Argv } from 'yargs';
import type { Actor } from '../../../domain/shared/actor.js';
import { perform } from '../../../domain/shared/use-case.js';
import { ConfigureSso, IssuerCheckFailed } from '../../../domain/sso/configure-sso.js';
import { GetSsoSettings, type SsoSettings } from '../../../domain/sso/get-sso-settings.js';
import { RemoveSso } from '../../../domain/sso/remove-sso.js';
import { UnlinkSsoAccount } from '../../../domain/sso/unlink-sso-account.js';
import { CliError, operatorIn, runCommand } from '../command.js';
import type { DeskProgram, GlobalOptions, OpenedProgram } from '../program.js';
import { readStdin } from '../stdin.js';

interface SsoArgs extends GlobalOptions {
  slug: string;
  issuer?: string;
  clientId?: string;
  clientSecretStdin: boolean;
  label?: string;
  domains?: string;
  passwords?: 'on' | 'off';
  remove: boolean;
  unlink?: string;
}

/**
 * `desk tenant sso <slug>`: the school's OpenID provider. Without options it shows the settings (never
 * the secret) and the redirect URIs to register at the provider; with some it changes those and keeps
 * the rest (the first time, `--issuer`, `--client-id` and `--client-secret-stdin` are needed);
 * `--remove` takes the provider away, `--unlink <email>` forgets which provider account signs that
 * user in. The secret is read from standard input, never from an argument (other users see those in
 * `ps`). Audited as the operator.
 */
export const tenantSsoCommand = (program: DeskProgram) => ({
  command: 'sso <slug>',
  describe: "Show or set a school's single sign-on (its OpenID provider)",
  builder: (c: Argv<GlobalOptions>) =>
    c
      .positional('slug', { type: 'string', demandOption: true })
      .option('issuer', { type: 'string', describe: "The provider's issuer URL (https)" })
      .option('client-id', { type: 'string', describe: 'The client id Desk is registered under at the provider' })
      .option('client-secret-stdin', {
        type: 'boolean',
        default: false,
        describe: 'Read the client secret from standard input',
      })
      .option('label', { type: 'string', describe: 'The name on the sign-in button: "Sign in with <label>"' })
      .option('domains', {
        type: 'string',
        describe: 'The school\'s e-mail domains, comma-separated ("": any domain)',
      })
      .option('passwords', {
        type: 'string',
        choices: ['on', 'off'],
        describe: 'off: only school administrators may still sign in with a password',
      })
      .option('remove', { type: 'boolean', default: false, describe: "Remove the school's single sign-on" })
      .option('unlink', {
        type: 'string',
        describe: 'Forget which provider account signs in the user with this e-mail address',
      }),
  handler: (argv: SsoArgs) =>
    runCommand(
      program,
      argv,
      async (opened) => {
        const changing = [argv.issuer, argv.clientId, argv.label, argv.domains, argv.passwords].some(
          (v) => v !== undefined,
        );
        const changes = changing || argv.clientSecretStdin;
        if ([changes, argv.remove, argv.unlink !== undefined].filter(Boolean).length > 1) {
          throw new CliError('give settings, --remove or --unlink, one at a time', 2);
        }
        // The secret first: standard input is read once, before anything is decided.
        const secret = argv.clientSecretStdin ? (await readStdin()).replace(/\r?\n$/, '') : undefined;
        if (secret === '') throw new CliError('--client-secret-stdin: standard input held no secret', 2);
        const actor = await operatorIn(opened, argv.slug);
        if (argv.remove) {
          await perform(opened.resolve, RemoveSso, actor, {});
          process.stdout.write(`${argv.slug}: single sign-on removed; staff sign in with their passwords again\n`);
          return;
        }
        if (argv.unlink !== undefined) {
          const { unlinked } = await perform(opened.resolve, UnlinkSsoAccount, actor, { email: argv.unlink });
          process.stdout.write(
            unlinked
              ? `${argv.slug}: ${argv.unlink} is no longer linked to a provider account; their next single sign-on is matched by e-mail address\n`
              : `${argv.slug}: ${argv.unlink} was not linked to a provider account\n`,
          );
          return;
        }
        const settings = changes ? await configure(opened, actor, argv, secret) : await current(opened, actor);
        process.stdout.write(describe(argv.slug, settings));
      },
      { sealsSecrets: argv.clientSecretStdin },
    ),
});

const current = (opened: OpenedProgram, actor: Actor) => perform(opened.resolve, GetSsoSettings, actor, {});

/** The settings as they are, changed where an option says so (a new issuer gets its own default label). */
async function configure(
  opened: OpenedProgram,
  actor: Actor,
  argv: SsoArgs,
  secret: string | undefined,
): Promise<SsoSettings> {
  const { sso: now } = await current(opened, actor);
  const issuer = argv.issuer ?? now?.issuer;
  const clientId = argv.clientId ?? now?.clientId;
  if (issuer === undefined || clientId === undefined) {
    throw new CliError('single sign-on is not set up yet: give --issuer, --client-id and --client-secret-stdin', 2);
  }
  const input = {
    issuer,
    clientId,
    clientSecret: secret,
    label: argv.label ?? (argv.issuer === undefined ? now?.label : undefined),
    domains:
      argv.domains === undefined
        ? now?.domains
        : argv.domains
            .split(',')
            .map((d) => d.trim())
            .filter(Boolean),
    passwords: argv.passwords ?? now?.passwords,
  };
  try {
    return await perform(opened.resolve, ConfigureSso, actor, input);
  } catch (e) {
    // A well-formed issuer the provider did not answer for: not a bad argument, a failure (exit 1).
    throw e instanceof IssuerCheckFailed ? new CliError(`--issuer: ${e.reason}`, 1) : e;
  }
}

function describe(slug: string, { sso, redirectUris }: SsoSettings): string {
  const uris = redirectUris.map((uri) => `  ${uri}\n`).join('');
  if (!sso) return `${slug}: single sign-on is not set up\nredirect URIs to register at the provider:\n${uris}`;
  return (
    `${slug}: single sign-on with ${sso.label} (${sso.issuer})\n` +
    `  client id: ${sso.clientId}\n` +
    '  client secret: stored, sealed under ENCRYPTION_KEY\n' +
    `  domains: ${sso.domains.length ? sso.domains.join(', ') : 'any'}\n` +
    `  passwords: ${sso.passwords === 'on' ? 'on for everyone' : 'off (school administrators keep theirs)'}\n` +
    `redirect URIs to register at the provider:\n${uris}`
  );
}
