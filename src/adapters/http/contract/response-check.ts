import type { Middleware } from 'koa';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { PROBLEM_CONTENT_TYPE, PROBLEM_JSON_SCHEMA, PROBLEMS } from '../problems.js';
import { failureKind } from '../middleware/error-handler.js';
import type { CompiledRoute } from './compile.js';
import type { ApiDocument } from './openapi.js';

/** An answer the document does not declare: a defect in the route or in its declaration. */
export class UndeclaredAnswer extends Error {
  override readonly name = 'UndeclaredAnswer';
}

let ajv: Promise<Ajv2020> | null = null;
const validators = new Map<object, ValidateFunction>();

/**
 * ajv is loaded with the first answer checked: the check is off in production, where a server that
 * loaded it at start would hold it (a hundred modules) unused for as long as it runs.
 */
const loadAjv = (): Promise<Ajv2020> =>
  (ajv ??= Promise.all([import('ajv/dist/2020.js'), import('ajv-formats')]).then(([ajv2020, formats]) =>
    // Both are CommonJS: each one's `module.exports` is its `default`, whoever loads it (Node, or
    // the bundle's chunk). OpenAPI's own keywords beside the schemas are not JSON Schema: not strict.
    formats.default.default(new ajv2020.default.Ajv2020({ strict: false, allErrors: true })),
  ));

async function validatorOf(schema: object): Promise<ValidateFunction> {
  let validate = validators.get(schema);
  if (!validate) {
    validate = (await loadAjv()).compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/**
 * The development-mode check of every answer a route gives against the console API's document
 * (CHECK_RESPONSES: on in the tests, off in production, where it would cost on every answer). A
 * success must be a status the route declares, with a JSON body valid against its schema (or the
 * declared CSV, stream or redirect); a problem must be of a status the route's declaration implies or
 * names. Anything else fails loudly as a 500, so no test can pass over a route that says more, or
 * other, than its document: the document cannot drift from the code.
 */
export function answerCheck(route: CompiledRoute, document: ApiDocument): Middleware {
  const label = `${route.method.toUpperCase()} ${route.path}`;
  const problemStatuses = new Set<number>([...route.problems].map((kind) => PROBLEMS[kind].status));
  const { responses } = document.operation(route);
  return async (ctx, next) => {
    try {
      await next();
    } catch (e) {
      const status = PROBLEMS[failureKind(e)].status;
      if (status !== 500 && !problemStatuses.has(status)) {
        fail(`${label} answered ${status} (${failureKind(e)}), which its declaration does not name`, e);
      }
      throw e;
    }
    if (ctx.response.type === PROBLEM_CONTENT_TYPE) {
      // A problem the route wrote itself rather than threw (the assistant's confirmation-required).
      if (!problemStatuses.has(ctx.status))
        fail(`${label} answered ${ctx.status}, which its declaration does not name`);
      return checkProblem(label, ctx.body);
    }
    const declared = responses.get(ctx.status);
    if (!declared) return fail(`${label} answered ${ctx.status}, which its declaration does not name`);
    if (declared.media === 'none') {
      if (ctx.body !== undefined && ctx.body !== null && ctx.status !== 302 && ctx.status !== 303)
        fail(`${label} answered ${ctx.status} with a body, declared without one`);
      return;
    }
    if (declared.schema === null) {
      // A file download is of whatever type the file was stored with.
      const anyType = declared.media === 'application/octet-stream';
      if (!anyType && !ctx.response.type.startsWith(declared.media) && ctx.respond !== false)
        fail(`${label} answered ${ctx.response.type}, declared ${declared.media}`);
      return;
    }
    // What the client receives: the body as JSON, not the object that became it.
    const sent: unknown = JSON.parse(JSON.stringify(ctx.body ?? null));
    const validate = await validatorOf(declared.schema);
    if (!validate(sent)) {
      const where = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
      fail(`${label} answered ${ctx.status} with a body its declaration does not allow: ${where}`);
    }
  };
}

/** A problem the route wrote itself is held to the one problem schema too. */
async function checkProblem(label: string, body: unknown): Promise<void> {
  const validate = await validatorOf(PROBLEM_JSON_SCHEMA);
  if (!validate(JSON.parse(JSON.stringify(body ?? null))))
    fail(`${label} answered a problem that is not a problem document: ${JSON.stringify(validate.errors)}`);
}

function fail(message: string, cause?: unknown): never {
  // Loud in the test output, whatever LOG_LEVEL says: this is a defect to fix, not a request's fate.
  console.error(`[CHECK_RESPONSES] ${message}`);
  throw new UndeclaredAnswer(message, { cause });
}
