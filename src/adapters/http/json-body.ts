import { bodyParser } from '@koa/bodyparser';
import getRawBody from 'raw-body';
import type { Context, Middleware } from 'koa';
import { invalidField } from '../../domain/shared/errors.js';
import { HttpProblem } from './problems.js';

/** The largest request body any route accepts (SPEC §10). */
export const MAX_BODY_BYTES = 1024 * 1024;

const parse = bodyParser({
  enableTypes: ['json'],
  jsonLimit: MAX_BODY_BYTES,
  jsonStrict: true, // an object or an array at the top, as every Desk body is
  encoding: 'utf-8',
  parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
});

const hasStatus = (e: unknown): e is { status: number } =>
  typeof e === 'object' && e !== null && typeof (e as { status?: unknown }).status === 'number';

/**
 * The reader's own refusals carry an HTTP status; a decompression stream that meets bytes not in its
 * encoding fails with zlib's error instead (a string `code` such as `Z_DATA_ERROR`, no status). Such
 * an error can only come from the client's bytes, so it is the client's mistake: 400, never a bug.
 */
const isDecodingError = (e: unknown): e is Error =>
  e instanceof Error && !hasStatus(e) && typeof (e as { code?: unknown }).code === 'string';

/**
 * Route middleware for routes that take a JSON body: put it in front of the handler
 * (`router.post('/x', jsonBody(), handler)`), then read `ctx.request.body` (unknown: validate it).
 * A body with another content type → 415; unparsable JSON, or bytes that do not decode in their
 * Content-Encoding → 400; over 1 MiB (declared or streamed, after decompression) → 413, all as
 * problem details. An empty body reads as `{}`.
 * Parsing is @koa/bodyparser (co-body + raw-body), which enforces the limit while reading.
 */
export function jsonBody(): Middleware {
  return async (ctx, next) => {
    // `is` is null without a body and false for a body whose type is not JSON (or that has none).
    // A declared empty body (Content-Length: 0) needs no type: it reads as `{}` like an empty JSON body.
    if (ctx.request.length !== 0 && ctx.is('application/json', '+json') === false) {
      throw new HttpProblem('unsupported_media_type', 'Send the body as application/json.');
    }
    try {
      await parse(ctx, async () => undefined);
    } catch (e) {
      if (isDecodingError(e)) {
        throw new HttpProblem('malformed_body', `The body is not valid ${ctx.get('Content-Encoding')} data.`);
      }
      if (!hasStatus(e)) throw e;
      if (e.status === 413) {
        throw new HttpProblem('payload_too_large', `The body exceeds ${MAX_BODY_BYTES} bytes.`);
      }
      if (e.status === 415) throw new HttpProblem('unsupported_media_type', 'Unsupported Content-Encoding.');
      if (e.status === 400) throw new HttpProblem('malformed_body', 'The body is not valid JSON (an object or array).');
      throw e;
    }
    await next();
  };
}

/** OAuth's own requests are small forms; 64 KiB is far more than any carries. */
const MAX_FORM_BYTES = 64 * 1024;

const parseForm = bodyParser({
  enableTypes: ['form'],
  formLimit: MAX_FORM_BYTES,
  encoding: 'utf-8',
  parsedMethods: ['POST'],
});

/**
 * Route middleware for the OAuth endpoints that take `application/x-www-form-urlencoded` bodies (RFC
 * 6749): another type → 415, over 64 KiB → 413, a parameter given twice (or in a nested form such as
 * `a[b]=1`) → 400 naming it (RFC 6749 §3.1). Leaves the parameters as `ctx.state.form`, every value a
 * string.
 */
export function formBody(): Middleware {
  return async (ctx, next) => {
    if (ctx.request.length !== 0 && ctx.is('application/x-www-form-urlencoded') === false) {
      throw new HttpProblem('unsupported_media_type', 'Send the body as application/x-www-form-urlencoded.');
    }
    try {
      await parseForm(ctx, async () => undefined);
    } catch (e) {
      if (isDecodingError(e)) throw new HttpProblem('malformed_body', 'The body could not be decoded.');
      if (!hasStatus(e)) throw e;
      if (e.status === 413) throw new HttpProblem('payload_too_large', `The body exceeds ${MAX_FORM_BYTES} bytes.`);
      if (e.status === 415) throw new HttpProblem('unsupported_media_type', 'Unsupported Content-Encoding.');
      throw new HttpProblem('malformed_body', 'The body is not a valid form.');
    }
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const form: Record<string, string> = {};
    for (const [name, value] of Object.entries(body)) {
      if (typeof value !== 'string') throw invalidField(name, 'must be given once, as plain text');
      form[name] = value;
    }
    ctx.state.form = form;
    await next();
  };
}

/**
 * The JSON body of a route whose input is an object (jsonBody also admits an array at the top): an
 * array or a scalar is 400 naming `body`, never a use case's puzzle.
 */
export function objectBody(ctx: Context): Record<string, unknown> {
  const body = ctx.request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidField('body', 'must be a JSON object');
  return body as Record<string, unknown>;
}

const parseCalendar = bodyParser({
  enableTypes: ['text'],
  extendTypes: { text: ['text/calendar'] },
  textLimit: MAX_BODY_BYTES,
  encoding: 'utf-8',
  parsedMethods: ['POST'],
});

/**
 * Route middleware for a route that takes an iCalendar file (`text/calendar`, UTF-8) as its body, up
 * to 1 MiB (a school's calendar for years is a few hundred KiB): another type → 415, too large → 413,
 * bytes that do not decode → 400. The text is then `ctx.request.body` (a string; empty when none).
 */
export function calendarBody(): Middleware {
  return async (ctx, next) => {
    if (ctx.request.length !== 0 && ctx.is('text/calendar') === false)
      throw new HttpProblem('unsupported_media_type', 'Send the file as text/calendar (UTF-8).');
    const charset = ctx.request.charset;
    if (charset && !['utf-8', 'utf8'].includes(charset.toLowerCase()))
      throw new HttpProblem('unsupported_media_type', 'Send the file as UTF-8 text (charset=utf-8).');
    try {
      await parseCalendar(ctx, async () => undefined);
    } catch (e) {
      if (isDecodingError(e))
        throw new HttpProblem('malformed_body', `The body is not valid ${ctx.get('Content-Encoding')} data.`);
      if (!hasStatus(e)) throw e;
      if (e.status === 413) throw new HttpProblem('payload_too_large', `The file exceeds ${MAX_BODY_BYTES} bytes.`);
      if (e.status === 415) throw new HttpProblem('unsupported_media_type', 'Unsupported Content-Encoding.');
      throw new HttpProblem('malformed_body', 'The body could not be read as text.');
    }
    if (typeof ctx.request.body !== 'string') ctx.request.body = '';
    await next();
  };
}

/** The largest file any route takes as a body (a school's own per-file limit is checked by the use case). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/**
 * Route middleware for a route that takes one file as its body, sent as it is with its own
 * Content-Type (`image/jpeg`, `application/pdf`): read with raw-body up to MAX_FILE_BYTES, declared
 * or streamed (413 past it), never decoded (a Content-Encoding is 415), never parsed. The bytes are
 * then `ctx.request.body` (a Buffer), and the type `ctx.state.fileType` (lower case, without
 * parameters; `application/octet-stream` when none was sent).
 */
export function fileBody(): Middleware {
  return async (ctx, next) => {
    const encoding = ctx.get('Content-Encoding').toLowerCase();
    if (encoding !== '' && encoding !== 'identity')
      throw new HttpProblem('unsupported_media_type', 'Send the file as it is, without a Content-Encoding.');
    const declared = ctx.request.length;
    if (declared !== undefined && declared > MAX_FILE_BYTES)
      throw new HttpProblem('payload_too_large', `The file exceeds ${MAX_FILE_BYTES} bytes.`);
    try {
      ctx.request.body = await getRawBody(ctx.req, { limit: MAX_FILE_BYTES, length: declared });
    } catch (e) {
      if (hasStatus(e) && e.status === 413)
        throw new HttpProblem('payload_too_large', `The file exceeds ${MAX_FILE_BYTES} bytes.`);
      if (hasStatus(e) && e.status === 400) throw new HttpProblem('malformed_body', 'The file was not sent whole.');
      throw e;
    }
    const type = (ctx.get('Content-Type').split(';')[0] ?? '').trim().toLowerCase();
    ctx.state.fileType = /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream';
    await next();
  };
}
