import { AssignDevice } from '../../../domain/devices/assign-device.js';
import { ChangeDeviceStatus } from '../../../domain/devices/change-device-status.js';
import { CreateDevice } from '../../../domain/devices/create-device.js';
import { deviceResultSchema, deviceSchema } from '../../../domain/devices/device.js';
import { historyEntrySchema } from '../../../domain/devices/device-history.js';
import { deviceRecordSchema, GetDeviceRecord } from '../../../domain/devices/get-device-record.js';
import { deviceHistorySchema, ListDeviceHistory } from '../../../domain/devices/list-device-history.js';
import { deviceListSchema, SearchDevices } from '../../../domain/devices/search-devices.js';
import { UnassignDevice } from '../../../domain/devices/unassign-device.js';
import { UpdateDevice } from '../../../domain/devices/update-device.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('Device', deviceSchema);
named('DeviceResult', deviceResultSchema);
named('DeviceHistoryEntry', historyEntrySchema);

/**
 * The asset register (module `assets`): the list (the `devices.search` tool's use case), a device
 * with its history, and keeping the register. A device (or person) of no one's reach is 404; a move
 * the register does not allow is 409. API keys read the register at `/api/v1/devices` instead.
 */
export const deviceRoutes = routeGroup('devices', 'The asset register: every device the school owns.', [
  useCaseRoute({
    method: 'get',
    path: '/api/devices',
    summary: 'Search the register, ordered by serial',
    useCase: SearchDevices,
    output: named('DeviceList', deviceListSchema),
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/devices',
    summary: 'Register a device: in stock, or in use when handed to someone at once',
    useCase: CreateDevice,
    status: 201,
    output: deviceResultSchema,
    problems: ['not_found', 'conflict'],
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/devices/{id}',
    summary: 'A device with its newest 100 history entries',
    useCase: GetDeviceRecord,
    output: named('DeviceRecord', deviceRecordSchema),
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/devices/{id}/history',
    summary: "A device's whole history, newest first, a page at a time",
    useCase: ListDeviceHistory,
    output: named('DeviceHistory', deviceHistorySchema),
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/devices/{id}',
    summary: "Correct a device's fields (null clears an optional one)",
    useCase: UpdateDevice,
    output: deviceResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/devices/{id}/assign',
    summary: 'Hand a device to a person',
    useCase: AssignDevice,
    output: deviceResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/devices/{id}/unassign',
    summary: 'Take a device back into stock (a body, if any, is not read)',
    useCase: UnassignDevice,
    output: deviceResultSchema,
    problems: ['conflict'],
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/devices/{id}/status',
    summary: 'Move a device to another status (in repair, retired...)',
    useCase: ChangeDeviceStatus,
    output: deviceResultSchema,
    problems: ['conflict'],
  }),
]);
