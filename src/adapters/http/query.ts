import type { Context } from 'koa';
import { z } from 'zod';

/** A whole decimal number as typed in a URL: digits only (no sign, point, exponent or spaces). */
const WHOLE_NUMBER = /^[0-9]+$/;

/** The fields of an object schema whose published JSON Schema type is one of `types`. */
function fieldsOfType(schema: z.ZodObject, types: readonly string[]): ReadonlySet<string> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: unknown }>;
  };
  return new Set(
    Object.entries(json.properties ?? {})
      .filter(([, p]) => types.includes(p.type as string))
      .map(([name]) => name),
  );
}

/**
 * Reads a use case's input from the query string as data, at the edge (SPEC §7.2, §7.4), and judges
 * nothing: the use case admits it (module, permission, then input: use-case.ts), so a caller without
 * the permission learns that first, whatever the query says. The schema is inspected once, when the
 * reader is made.
 *
 * - Only the schema's fields are read: any other parameter is ignored, on every route.
 * - An empty value (`?q=`) counts as not given, as HTML forms and simple scripts send empty fields.
 * - A numeric field's whole decimal number becomes a number; anything else stays text, which the
 *   schema refuses naming the field (`must be a whole number`).
 * - A parameter given twice stays a list, which the schema refuses rather than silently picking one.
 * - A boolean field is on only with the value `true`; any other value is ignored (seed §4.4, `overdue`).
 */
export function queryReader(schema: z.ZodObject): (ctx: Context) => Record<string, unknown> {
  const fields = Object.keys(schema.shape);
  const numeric = fieldsOfType(schema, ['integer', 'number']);
  const flags = fieldsOfType(schema, ['boolean']);
  return (ctx) => {
    const input: Record<string, unknown> = {};
    for (const field of fields) {
      const raw = ctx.query[field];
      if (raw === undefined || raw === '') continue;
      if (flags.has(field)) {
        if (raw === 'true') input[field] = true;
      } else if (numeric.has(field) && typeof raw === 'string' && WHOLE_NUMBER.test(raw)) {
        input[field] = Number(raw);
      } else {
        input[field] = raw;
      }
    }
    return input;
  };
}
