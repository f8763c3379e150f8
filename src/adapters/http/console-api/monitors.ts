import { alertAddressesSchema, GetAlertAddresses, SetAlertAddresses } from '../../../domain/events/alert-addresses.js';
import { CreateMonitor } from '../../../domain/monitors/create-monitor.js';
import { DeleteMonitor } from '../../../domain/monitors/delete-monitor.js';
import { GetMonitor } from '../../../domain/monitors/get-monitor.js';
import { ListMonitors, monitorListSchema } from '../../../domain/monitors/list-monitors.js';
import { monitorCheckSchema, monitorResultSchema, monitorViewSchema } from '../../../domain/monitors/monitor.js';
import { UpdateMonitor } from '../../../domain/monitors/update-monitor.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('Monitor', monitorViewSchema);
named('MonitorCheck', monitorCheckSchema);
named('MonitorResult', monitorResultSchema);

/**
 * Monitors (module `events`, permission `monitor.manage`; issue 11 point 6): the addresses Desk
 * checks for the school, on both surfaces: here for signed-in staff, and at `/api/v1/monitors` for
 * API keys with the `monitor.manage` scope. A monitor of no one's reach (another school's included)
 * is 404; a school past its monitor limit is 409.
 */
export const monitorRoutes = routeGroup('monitors', 'The web addresses Desk checks for the school.', [
  useCaseRoute({
    method: 'post',
    path: '/api/monitors',
    summary: 'Watch an http or https address every interval',
    useCase: CreateMonitor,
    status: 201,
    output: monitorResultSchema,
    problems: ['conflict'],
    keyed: true,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/monitors',
    summary: "The school's monitors with their state and last check, by name (at most 100: no paging)",
    useCase: ListMonitors,
    output: named('MonitorList', monitorListSchema),
    keyed: true,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/monitors/{id}',
    summary: 'One monitor: its settings, current state and last check',
    useCase: GetMonitor,
    output: monitorResultSchema,
    keyed: true,
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/monitors/{id}',
    summary: "Change a monitor's name, address, interval or expected status",
    useCase: UpdateMonitor,
    output: monitorResultSchema,
    keyed: true,
  }),
  useCaseRoute({
    method: 'delete',
    path: '/api/monitors/{id}',
    summary: 'Stop watching an address',
    useCase: DeleteMonitor,
    status: 204,
    keyed: true,
  }),
]);

/**
 * Where the school's alerts go (a monitor down, a webhook disabled): a school administrator's
 * setting (`user.manage`, never a key scope, so no integration can redirect them).
 */
export const alertRoutes = routeGroup('alerts', "Who receives the school's alert e-mails.", [
  useCaseRoute({
    method: 'get',
    path: '/api/settings/alerts',
    summary: 'The alert addresses set, and who an alert would go to now',
    useCase: GetAlertAddresses,
    output: named('AlertAddresses', alertAddressesSchema),
  }),
  useCaseRoute({
    method: 'put',
    path: '/api/settings/alerts',
    summary: 'Set the alert addresses (null: back to the active school administrators)',
    useCase: SetAlertAddresses,
    output: alertAddressesSchema,
  }),
]);
