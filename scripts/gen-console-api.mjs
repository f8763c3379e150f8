// Writes web/src/api/console-api.gen.ts from the compiled route declarations (npm run gen:api).
import { writeFileSync } from 'node:fs';
import { declaredApi } from '../dist/adapters/http/declared-api.js';
import { VERSION } from '../dist/config/index.js';
import { WEB_TYPES_FILE, webApiTypes } from './console-api-types.mjs';

const document = declaredApi({ version: VERSION, serverUrl: 'http://localhost:3000' }).consoleDocument();
writeFileSync(WEB_TYPES_FILE, await webApiTypes(document.document));
console.log(`wrote ${WEB_TYPES_FILE.pathname}`);
