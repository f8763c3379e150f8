import { z } from 'zod';
import { invalid, invalidField, type Problem } from './errors.js';
import { hasControlCharacters, isWellFormedText } from './text.js';
import { isCalendarDate } from './dates.js';

/** Parses input with a schema; any failure becomes one `invalid` DomainError naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalid(toProblems(result.error));
}

/**
 * A request body parsed with its schema by a use case that reads the body itself, once it knows the
 * caller may (SetModules, UpdateTenant): anything but a JSON object is named as every console route
 * names it (json-body.ts), then the schema judges each field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidField('body', 'must be a JSON object');
  return parseInput(schema, body);
}

/** One problem per offending field; an unknown field is named by its own path, so clients can point at it. */
export function toProblems(error: z.ZodError): Problem[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key].map(String).join('.'), message: 'unknown field' }))
      : [{ path: issue.path.map(String).join('.'), message: issue.message }],
  );
}

// Building blocks shared by the use-case input schemas.

/** Applies the one rule for text from outside (text.ts) to a string schema, naming what is wrong. */
export const wellFormed = (schema: z.ZodString) =>
  schema
    .refine((s) => !hasControlCharacters(s), { message: 'must not contain control characters' })
    .refine(isWellFormedText, { message: 'must be well-formed Unicode text' });

const bounded = (schema: z.ZodString, min: number, max: number) =>
  schema
    .min(min, { message: `must be at least ${min} character${min === 1 ? '' : 's'}` })
    .max(max, { message: `must be at most ${max} characters` });

/** Free text from outside: trimmed, bounded, well-formed. */
export const text = (min: number, max: number) => wellFormed(bounded(z.string().trim(), min, max));

/** Text taken exactly as sent (passwords, tokens): bounded and well-formed, never trimmed. */
export const exactText = (min: number, max: number) => wellFormed(bounded(z.string(), min, max));

export const id = () => text(1, 100);

export const calendarDate = () =>
  z.string().refine(isCalendarDate, { message: 'must be a date in the form YYYY-MM-DD' }).meta({ format: 'date' });

/**
 * A whole number; what is not one (a word from a query string, say) is refused in these words, and a
 * bound in words naming it. (A schema-wide `error` string would answer "must be a whole number" to 500
 * for a list of at most 100 too: zod applies it to every issue the schema raises.)
 */
export const wholeNumber = () =>
  z
    .number({
      // Typed as the type issue alone, but called for the schema's checks too.
      error: (raw) => {
        const issue = raw as { code: string; maximum?: unknown; minimum?: unknown };
        if (issue.code === 'too_big') return `must be at most ${String(issue.maximum)}`;
        if (issue.code === 'too_small') return `must be at least ${String(issue.minimum)}`;
        return 'must be a whole number';
      },
    })
    .int({ message: 'must be a whole number' });

export const positiveInt = (max = 2_147_483_647) => wholeNumber().min(1, { message: 'must be at least 1' }).max(max);

export const page = () => positiveInt(1_000_000).optional();
export const pageSize = (max = 100) => wholeNumber().min(1).max(max).optional();

/** The `page` and `pageSize` every list takes, described alike in the tools and the documents. */
export const pagingInput = (things: string) => ({
  page: page().describe('Page number, from 1 (default 1)'),
  pageSize: pageSize().describe(`${things} per page, 1 to 100 (default 50)`),
});

/** "Exactly one of" for flat schemas (a top-level oneOf is refused by MCP SDK clients). */
export function exactlyOne<T extends Record<string, unknown>>(keys: readonly (keyof T & string)[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    const present = keys.filter((k) => value[k] !== undefined);
    if (present.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: present.length > 1 ? [present[1]!] : [],
        message: `give exactly one of ${keys.join(' / ')}`,
      });
    }
  };
}

// Building blocks of the shapes use cases return (published as the tools' output schemas).

export const nullableText = () => z.string().nullable();
export const isoDate = () => z.string().describe('YYYY-MM-DD');
export const isoInstant = () => z.string().describe('ISO 8601 UTC');

/** A page of a list as every list returns it: `{<things>, total, page, pageSize}`. */
export const pageOf = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() } as {
    [P in K]: z.ZodArray<T>;
  } & { total: z.ZodNumber; page: z.ZodNumber; pageSize: z.ZodNumber });
