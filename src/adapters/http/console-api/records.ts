import { actorOf } from '../auth/credential.js';
import { join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
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
import { importResultSchema, notArchivedSchema } from '../../../domain/imports/import-run.js';
import { perform } from '../../../domain/shared/use-case.js';
import { csvStream, CsvTooLarge, SpooledCsv } from '../../csv/index.js';
import { csvFile, handledRoute, routeGroup, useCaseRoute, type RouteDeclaration } from '../contract/route.js';
import { named } from '../contract/schema-names.js';
import { HttpProblem } from '../problems.js';

named('ImportResult', importResultSchema);
named('NotArchived', notArchivedSchema);

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

/**
 * The CSV body of an import, checked before anything else is (so a file in the wrong type is 415
 * whoever sends it), kept in `ctx.state.csv` for the handler, and removed when the import is done.
 */
const csvBody =
  (config: DeskConfig): Middleware =>
  async (ctx, next) => {
    const file = csvUpload(ctx, config);
    ctx.state.csv = file;
    try {
      await next();
    } catch (e) {
      const problem = uploadProblem(e, config);
      // The rest of a body refused half-way is not read: the connection ends with the answer.
      if (problem !== e) ctx.set('Connection', 'close');
      throw problem;
    } finally {
      await file.dispose();
    }
  };

/** `?dryRun=true&archiveMissing=false`, as text: the use case accepts `true`/`false` only. */
function importFlags(ctx: Context): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const name of ['dryRun', 'archiveMissing'])
    if (ctx.query[name] !== undefined && ctx.query[name] !== '') flags[name] = ctx.query[name];
  return flags;
}

const flag = (description: string) => z.enum(['true', 'false']).optional().describe(description);

const importQuery = z.object({
  dryRun: flag('true: validate and count, write nothing'),
  archiveMissing: flag('true: archive the people of the school the file does not list (people imports only)'),
});

/** `POST /api/import/{kind}` and its `/api/v1` twin: the CSV body, read by the kind's import. */
function importRoute(
  kind: 'people' | 'devices' | 'loans',
  useCase: typeof ImportPeople | typeof ImportDevices | typeof ImportLoans,
  summary: string,
): RouteDeclaration {
  return handledRoute({
    method: 'post',
    path: `/api/import/${kind}`,
    operationId: `import${kind.charAt(0).toUpperCase()}${kind.slice(1)}`,
    summary,
    description:
      'The body is the file, as `text/csv` (UTF-8; gzip, deflate or br Content-Encoding), up to IMPORT_MAX_MB. A file with problems imports nothing: the 400 lists them by line and column.',
    // Checked by the use case, after the body's type and size (csvBody), as the module and permission.
    required: useCase.required,
    query: importQuery,
    // The flags go to the use case as text, which it judges with the file.
    judgesQuery: true,
    body: 'text/csv',
    guards: ({ config }) => [csvBody(config)],
    responses: { 200: importResultSchema },
    problems: ['malformed_body', 'conflict'],
    keyed: true,
    async handle({ ctx, deps, reply }) {
      const input = { ...importFlags(ctx), file: ctx.state.csv as SpooledCsv };
      reply(200, await perform(deps.resolve, useCase, actorOf(ctx), input));
    },
  });
}

/** `GET /api/export/{kind}.csv`: the export's CSV, written as it is read, never held whole. */
const exportCsv = async (exported: RecordExport, ctx: Context): Promise<void> => {
  const body = await csvStream(exported.columns, exported.pages);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${exported.filename}"`);
  ctx.body = body;
};

/**
 * Records in and out as CSV (issue 12, points 8 and 9): imports of people, devices and loans, for
 * signed-in staff and, at `/api/v1/import/…`, API keys (the body is copied under the data directory
 * only once the call is admitted, read twice by the import, and removed when it is done); exports of
 * people, devices, loans, repairs and tickets with the filters of the matching list.
 */
export const recordRoutes = routeGroup('records', 'Records in and out as CSV files: imports and exports.', [
  importRoute('people', ImportPeople, 'Import people from a Desk or OneRoster 1.1 users.csv'),
  importRoute('devices', ImportDevices, 'Import devices into the register'),
  importRoute('loans', ImportLoans, 'Import loaner units and their loan groups'),
  useCaseRoute({
    method: 'get',
    path: '/api/export/people.csv',
    summary: 'People as CSV, with the filters of the list',
    useCase: ExportPeople,
    output: csvFile('The people, one a row, as an import reads them back'),
    answer: exportCsv,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/export/devices.csv',
    summary: 'The register as CSV, with the filters of the list',
    useCase: ExportDevices,
    output: csvFile('The devices, one a row, as an import reads them back'),
    answer: exportCsv,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/export/loans.csv',
    summary: 'The loaner pool as CSV, with the filters of the list',
    useCase: ExportLoans,
    output: csvFile('The loans, one a row, as an import reads them back'),
    answer: exportCsv,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/export/submissions.csv',
    summary: 'Repair submissions as CSV, with the filters of the list',
    useCase: ExportSubmissions,
    output: csvFile('The submissions, one a row'),
    answer: exportCsv,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/export/tickets.csv',
    summary: 'Tickets as CSV, with the filters of the list',
    useCase: ExportTickets,
    output: csvFile('The tickets, one a row'),
    answer: exportCsv,
  }),
]);
