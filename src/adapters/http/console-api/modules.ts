import { ListModules, modulesSchema } from '../../../domain/tenants/list-modules.js';
import { SetModules, setModulesBody } from '../../../domain/tenants/set-modules.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

/**
 * The school's modules: every signed-in user reads them (the console draws its navigation from
 * them); school administrators switch them. SetModules reads the body itself once it knows the caller
 * may, so a refusal (403) comes before any input problem.
 */
export const moduleRoutes = routeGroup('modules', "The school's modules, on or off.", [
  useCaseRoute({
    method: 'get',
    path: '/api/modules',
    summary: 'Every module, on or off, and whether the caller may switch them',
    useCase: ListModules,
    output: named('Modules', modulesSchema),
  }),
  useCaseRoute({
    method: 'put',
    path: '/api/modules',
    summary: 'Set which modules are on (every other one goes off); school administrators only',
    useCase: SetModules,
    body: setModulesBody,
    output: modulesSchema,
  }),
]);
