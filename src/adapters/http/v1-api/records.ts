import { GetDevice } from '../../../domain/devices/get-device.js';
import { deviceResultSchema } from '../../../domain/devices/device.js';
import { searchDevicesTool } from '../../../domain/devices/search-devices.js';
import { getSubmissionTool } from '../../../domain/submissions/get-submission.js';
import { listSubmissionsTool } from '../../../domain/submissions/list-submissions.js';
import { routeGroup, toolRoute, useCaseRoute } from '../contract/route.js';

/**
 * The register and the repairs for scripts (SPEC §7.2): the lists are views of their tools
 * (`devices.search`, `submissions.list`, `submissions.get`), with the tools' inputs in the query.
 */
export const deviceKeyRoutes = routeGroup('devices', 'The asset register.', [
  toolRoute({ method: 'get', path: '/api/v1/devices', access: 'key', tool: searchDevicesTool }),
  useCaseRoute({
    method: 'get',
    path: '/api/v1/devices/{id}',
    access: 'key',
    operationId: 'getDevice',
    summary: 'One device of the register',
    useCase: GetDevice,
    output: deviceResultSchema,
  }),
]);

export const submissionKeyRoutes = routeGroup('submissions', 'Repair submissions.', [
  toolRoute({ method: 'get', path: '/api/v1/submissions', access: 'key', tool: listSubmissionsTool }),
  // The path names the submission: a number in the query is not read.
  toolRoute({
    method: 'get',
    path: '/api/v1/submissions/{id}',
    access: 'key',
    tool: getSubmissionTool,
    pathOnly: true,
  }),
]);
