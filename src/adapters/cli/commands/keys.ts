import type { Argv, CommandModule } from 'yargs';
import { mcpClientConfig } from '../../../domain/identity/api-key.js';
import { CreateApiKey } from '../../../domain/identity/create-api-key.js';
import { ListApiKeys } from '../../../domain/identity/list-api-keys.js';
import { RevokeApiKey } from '../../../domain/identity/revoke-api-key.js';
import { schoolBaseUrl } from '../../../domain/tenants/school-url.js';
import { operatorIn, runCommand } from '../command.js';
import type { DeskProgram, GlobalOptions } from '../program.js';
import { perform } from '../../../domain/shared/use-case.js';

type Args<T> = GlobalOptions & T;

/** `--scopes ""` is a key with no scopes (ping works, no tool is listed). */
const parseScopes = (raw: string): string[] =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const keyCommand = (program: DeskProgram): CommandModule<GlobalOptions, GlobalOptions> => ({
  command: 'key <action>',
  describe: 'Manage API keys',
  builder: (y: Argv<GlobalOptions>) =>
    y
      .command<
        Args<{ tenant: string; name: string; scopes: string; expires?: number; json?: boolean; mcpConfig?: boolean }>
      >(
        'create <tenant>',
        'Mint an API key (shown once)',
        (c) =>
          c
            .positional('tenant', { type: 'string', demandOption: true })
            .option('name', { type: 'string', demandOption: true })
            .option('scopes', {
              type: 'string',
              demandOption: true,
              describe: 'Comma-separated permissions, e.g. loan.view,device.view',
            })
            .option('expires', { type: 'number', describe: 'Days until the key expires' })
            .option('json', { type: 'boolean', describe: 'Print {"id","key","scopes"}' })
            .option('mcp-config', { type: 'boolean', describe: 'Print an MCP client configuration' })
            .conflicts('json', 'mcp-config'),
        (argv) =>
          runCommand(program, argv, async (opened) => {
            const actor = await operatorIn(opened, argv.tenant);
            const { apiKey, key } = await perform(opened.resolve, CreateApiKey, actor, {
              name: argv.name,
              scopes: parseScopes(argv.scopes),
              expiresInDays: argv.expires,
            });
            if (argv.json) {
              process.stdout.write(`${JSON.stringify({ id: apiKey.id, key, scopes: apiKey.scopes })}\n`);
            } else if (argv.mcpConfig) {
              process.stdout.write(
                `${JSON.stringify(mcpClientConfig(schoolBaseUrl(opened.config.publicUrl, actor.tenant.hosts), key), null, 2)}\n`,
              );
            } else {
              process.stdout.write(
                `${key}\n\nid ${apiKey.id}, scopes ${apiKey.scopes.join(',') || '(none)'}${apiKey.expiresAt ? `, expires ${apiKey.expiresAt}` : ''}\n` +
                  'This key is shown once; Desk stores only its hash.\n',
              );
            }
          }),
      )
      .command<Args<{ tenant: string; json: boolean }>>(
        'list <tenant>',
        'List API keys (never the keys themselves)',
        (c) =>
          c
            .positional('tenant', { type: 'string', demandOption: true })
            .option('json', { type: 'boolean', default: false }),
        (argv) =>
          runCommand(program, argv, async (opened) => {
            const actor = await operatorIn(opened, argv.tenant);
            const { apiKeys } = await perform(opened.resolve, ListApiKeys, actor, {});
            if (argv.json) {
              process.stdout.write(`${JSON.stringify(apiKeys)}\n`);
              return;
            }
            const rows = apiKeys.map((k) =>
              [
                k.id,
                k.name,
                k.prefix,
                k.scopes.join(',') || '-',
                k.createdAt,
                k.expiresAt ?? '-',
                k.lastUsedAt ?? '-',
                k.revokedAt ?? '-',
              ].join('\t'),
            );
            process.stdout.write(
              ['id\tname\tprefix\tscopes\tcreated\texpires\tlast used\trevoked', ...rows].join('\n') + '\n',
            );
          }),
      )
      .command<Args<{ tenant: string; keyId: string }>>(
        'revoke <tenant> <key-id>',
        'Revoke an API key at once',
        (c) =>
          c
            .positional('tenant', { type: 'string', demandOption: true })
            .positional('key-id', { type: 'string', demandOption: true }),
        (argv) =>
          runCommand(program, argv, async (opened) => {
            const actor = await operatorIn(opened, argv.tenant);
            await perform(opened.resolve, RevokeApiKey, actor, { id: argv.keyId });
            process.stdout.write(`revoked ${argv.keyId}\n`);
          }),
      ),
  handler: () => undefined,
});
