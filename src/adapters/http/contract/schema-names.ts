import type { z } from 'zod';

/**
 * Names for the schemas the console API answers with, as its document's components (and so the
 * browser console's types: `Device`, `LoanView`). A schema named here is one component wherever it
 * appears; an answer that is not named is a component called after its operation
 * (`listPeople` → `ListPeopleResponse`). Names are the contract's: renaming one changes the web's types.
 */
const names = new Map<z.ZodType, string>();

export function named<S extends z.ZodType>(name: string, schema: S): S {
  const taken = [...names].find(([s, n]) => n === name && s !== schema);
  if (taken) throw new Error(`two schemas are named ${name}`);
  names.set(schema, name);
  return schema;
}

export const schemaName = (schema: z.ZodType): string | undefined => names.get(schema);

/** Every named schema, for the document's components (nested ones are referenced, not repeated). */
export const namedSchemas = (): ReadonlyMap<z.ZodType, string> => names;
