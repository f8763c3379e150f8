import type { Context } from 'koa';
import { z } from 'zod';
import { invalid, type Problem } from '../../domain/shared/errors.js';

/** A whole decimal number as typed in a URL: digits only (no sign, point, exponent or spaces). */
const WHOLE_NUMBER = /^[0-9]+$/;

/** The fields of an object schema whose published JSON Schema type is a number. */
function numericFields(schema: z.ZodObject): ReadonlySet<string> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: unknown }>;
  };
  return new Set(
    Object.entries(json.properties ?? {})
      .filter(([, p]) => p.type === 'integer' || p.type === 'number')
      .map(([name]) => name),
  );
}

/**
 * Reads a use case's input from the query string, at the edge (SPEC §7.2, §7.4). The use case's own
 * input schema says which parameters exist and which are numbers; the schema is inspected once, when
 * the reader is made.
 *
 * - Only the schema's fields are read: any other parameter is ignored, on every route.
 * - A parameter given twice is refused (400 naming it) rather than silently picking one.
 * - An empty value (`?q=`) counts as not given, as HTML forms and simple scripts send empty fields.
 * - Numeric fields must be whole decimal numbers (`1.5`, `1e3`, `-1`, `abc` → 400 naming the field).
 *
 * Ranges, enums and text rules are not repeated here: the use case validates the result with the same
 * schema, and its problems name the field too (`page=0` → `/page`).
 */
export function queryReader<S extends z.ZodObject>(schema: S): (ctx: Context) => z.input<S> {
  const fields = Object.keys(schema.shape);
  const numeric = numericFields(schema);
  return (ctx) => {
    const input: Record<string, string | number> = {};
    const problems: Problem[] = [];
    for (const field of fields) {
      const raw = ctx.query[field];
      if (raw === undefined) continue;
      if (Array.isArray(raw)) {
        problems.push({ path: field, message: 'must be given at most once' });
        continue;
      }
      if (raw === '') continue;
      if (!numeric.has(field)) input[field] = raw;
      else if (WHOLE_NUMBER.test(raw)) input[field] = Number(raw);
      else problems.push({ path: field, message: 'must be a whole number' });
    }
    if (problems.length > 0) throw invalid(problems);
    return input as z.input<S>;
  };
}
