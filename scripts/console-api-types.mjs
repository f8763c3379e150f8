// The browser console's types, generated from the console API's OpenAPI document (the route
// declarations in src/adapters/http/console-api): what `npm run gen:api` writes to
// web/src/api/console-api.gen.ts, and what test/http/contract/console-openapi.test.ts compares it with.
import openapiTS, { astToString } from 'openapi-typescript';

export const WEB_TYPES_FILE = new URL('../web/src/api/console-api.gen.ts', import.meta.url);

const HEADER = `// Generated from the console API's route declarations (src/adapters/http/console-api) by
// \`npm run gen:api\`: do not edit. A test fails when this file is stale.
/* eslint-disable */
`;

/** TypeScript for `paths`, `operations` and `components`, then one alias per named schema. */
export async function webApiTypes(document) {
  const ast = await openapiTS(document, { alphabetize: false, exportType: false });
  const names = Object.keys(document.components?.schemas ?? {});
  const aliases = names.map((name) => `export type ${name} = components['schemas']['${name}'];`).join('\n');
  return `${HEADER}\n${astToString(ast)}\n// The named schemas, by name.\n${aliases}\n`;
}
