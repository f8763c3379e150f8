/**
 * The school's modules: which are on, whether this user may switch them, and switching them. Types
 * from the console API's declarations (console-api.gen.ts).
 */
import { call } from './client.js';
import type { Modules } from './console-api.gen.js';

export type { Modules };
export type ModuleName = Modules['modules'][number]['name'];

export const listModules = () => call('get', '/api/modules');
export const setModules = (enabled: ModuleName[]) => call('put', '/api/modules', { body: { enabled } });
