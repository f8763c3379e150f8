import { join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { DeskConfig } from '../../../config/index.js';
import { ExportDevices } from '../../../domain/exports/export-devices.js';
import { ExportLoans } from '../../../domain/exports/export-loans.js';
import { ExportPeople } from '../../../domain/exports/export-people.js';
import { ExportSubmissions } from '../../../domain/exports/export-submissions.js';
import { ExportTickets } from '../../../domain/exports/export-tickets.js';
import type { RecordExport } from '../../../domain/exports/export.js';
import { ImportDevices } from '../../../domain/imports/import-devices.js';
import { ImportLoans } from '../../../domain/imports/import-loans.js';
import { ImportPeople } from '../../../domain/imports/import-people.js';
import type { Actor } from '../../../domain/shared/actor.js';
import { perform, type Resolve, type UseCaseClass } from '../../../domain/shared/use-case.js';
import { csvStream, CsvTooLarge, SpooledCsv } from '../../csv/index.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { HttpProblem } from '../problems.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { actorOf, apiKeyGuard, keyRateLimits, type RestHooks } from './v1.js';

const IMPORTS = { people: ImportPeople, devices: ImportDevices, loans: ImportLoans } as const;

type ExportUseCase = UseCaseClass<z.ZodObject, RecordExport>;

const EXPORTS: readonly (readonly [string, ExportUseCase])[] = [
  ['people', ExportPeople],
  ['devices', ExportDevices],
  ['loans', ExportLoans],
  ['submissions', ExportSubmissions],
  ['tickets', ExportTickets],
];

/** Content-Encodings a CSV body may arrive in; the limit counts the bytes after decompression. */
const DECODERS: Readonly<Record<string, (() => Transform) | null>> = {
  identity: null,
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MiB`;

/**
 * The request's body as a CSV an import may read (lazily: see SpooledCsv), after the checks that need
 * no reading: `text/csv` (UTF-8, the only charset read) or 415; a Content-Encoding Desk decodes or 415;
 * a declared length over IMPORT_MAX_MB 413 at once.
 */
function csvUpload(ctx: Context, config: DeskConfig): SpooledCsv {
  if (ctx.request.length !== 0 && ctx.is('text/csv') === false)
    throw new HttpProblem('unsupported_media_type', 'Send the file as text/csv (UTF-8).');
  const charset = ctx.request.charset;
  if (charset && charset.toLowerCase() !== 'utf-8' && charset.toLowerCase() !== 'utf8')
    throw new HttpProblem('unsupported_media_type', 'Send the file as UTF-8 text (charset=utf-8).');
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  if (!(encoding in DECODERS)) throw new HttpProblem('unsupported_media_type', 'Unsupported Content-Encoding.');
  const declared = ctx.request.length;
  if (encoding === 'identity' && declared !== undefined && declared > config.importMaxBytes)
    throw new HttpProblem('payload_too_large', `The file exceeds IMPORT_MAX_MB (${mib(config.importMaxBytes)}).`);
  const decoder = DECODERS[encoding];
  // Opened when the import first reads (after the call is admitted): only then is the body decoded.
  const body = (): Readable => {
    if (!decoder) return ctx.req;
    const decoded = decoder();
    ctx.req.once('error', (e) => (decoded as Transform).destroy(e));
    return ctx.req.pipe(decoded) as Transform;
  };
  return new SpooledCsv(body, { dir: join(config.dataDir, 'imports'), maxBytes: config.importMaxBytes });
}

/** What reading the body can meet, as the client's problems: too large, not in its encoding, cut off. */
function uploadProblem(e: unknown, config: DeskConfig): unknown {
  if (e instanceof CsvTooLarge)
    return new HttpProblem('payload_too_large', `The file exceeds IMPORT_MAX_MB (${mib(config.importMaxBytes)}).`);
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('Z_'))
    return new HttpProblem('malformed_body', 'The body is not valid data in its Content-Encoding.');
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (e as Error | null)?.message === 'aborted')
    return new HttpProblem('malformed_body', 'The body ended before it was complete.');
  return e;
}

/** `?dryRun=true&archiveMissing=false`, as text: the use case accepts `true`/`false` only. */
function importFlags(ctx: Context): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const name of ['dryRun', 'archiveMissing'])
    if (ctx.query[name] !== undefined && ctx.query[name] !== '') flags[name] = ctx.query[name];
  return flags;
}

/**
 * Imports and exports (issue 12, points 8 and 9).
 * - `POST /api/import/{people,devices,loans}?dryRun=&archiveMissing=` with a `text/csv` body: signed-in
 *   staff (writes only from our own origins, as every console write), and the same at
 *   `/api/v1/import/…` for API keys (behind the v1 guard: key, rate limit, `integrations`). The body
 *   is copied to a file under the data directory only once the call is admitted (module, permission,
 *   parameters), read twice by the import, and removed when it is done.
 * - `GET /api/export/{people,devices,loans,submissions,tickets}.csv` with the filters of the matching
 *   list: signed-in staff; the CSV is written as it is read, never held whole.
 */
export function createRecordsIoRoutes(hooks: RestHooks = keyRateLimits): RouteModule {
  return {
    name: 'records-io',
    register(router, deps) {
      const { container, config, resolve } = deps;
      const signedIn = consoleAuth(container);
      const sameOrigin = requireAllowedOrigin(new OriginPolicy(config));
      const keyed = apiKeyGuard(deps, 'v1', hooks);

      for (const [kind, useCase] of Object.entries(IMPORTS)) {
        const handler = importHandler(resolve, config, useCase);
        router.post(`/api/import/${kind}`, signedIn, sameOrigin, handler(consoleActor));
        router.post(`/api/v1/import/${kind}`, ...keyed, handler(actorOf));
      }

      for (const [kind, useCase] of EXPORTS) {
        const readQuery = queryReader(useCase.input);
        router.get(`/api/export/${kind}.csv`, signedIn, async (ctx) => {
          const exported = await perform(resolve, useCase, consoleActor(ctx), readQuery(ctx));
          const body = await csvStream(exported.columns, exported.pages);
          ctx.type = 'text/csv; charset=utf-8';
          ctx.set('Content-Disposition', `attachment; filename="${exported.filename}"`);
          ctx.body = body;
        });
      }
    },
  };
}

function importHandler(
  resolve: Resolve,
  config: DeskConfig,
  useCase: (typeof IMPORTS)[keyof typeof IMPORTS],
): (actor: (ctx: Context) => Actor) => Middleware {
  return (actor) => async (ctx) => {
    const file = csvUpload(ctx, config);
    try {
      ctx.body = await perform(resolve, useCase, actor(ctx), { ...importFlags(ctx), file });
    } catch (e) {
      const problem = uploadProblem(e, config);
      // The rest of a body refused half-way is not read: the connection ends with the answer.
      if (problem !== e) ctx.set('Connection', 'close');
      throw problem;
    } finally {
      await file.dispose();
    }
  };
}

export const recordsIoRoutes: RouteModule = createRecordsIoRoutes();
