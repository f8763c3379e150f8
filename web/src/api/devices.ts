/**
 * The asset register, as the console API declares it (console-api.gen.ts): the list, a device with
 * its history, and keeping the register. The words for a device's status live here too; its state
 * machine is the domain's own (@desk/contract).
 */
import type { DeviceStatus } from '@desk/contract';
import { call, type QueryParams, type RequestBody } from './client.js';
import type { Device, DeviceHistoryEntry } from './console-api.gen.js';

export { nextDeviceStatuses } from '@desk/contract';
export type { Device, DeviceStatus };
export type HistoryEntry = DeviceHistoryEntry;
export type DeviceFilters = NonNullable<QueryParams<'get', '/api/devices'>>;
/**
 * A device's fields as its form gives them: what registering takes, the serial only when it is
 * registered (it never changes after), and never the holder (assignment is a move of its own).
 */
export type DeviceFields = Omit<RequestBody<'post', '/api/devices'>, 'serial' | 'assignedTo'> & {
  readonly serial?: string;
};

export const searchDevices = (filters: DeviceFilters) => call('get', '/api/devices', { query: filters });
export const getDevice = (id: string) => call('get', '/api/devices/{id}', { path: { id } });
export const deviceHistory = (id: string, page: number, pageSize: number) =>
  call('get', '/api/devices/{id}/history', { path: { id }, query: { page, pageSize } });
export const createDevice = (fields: RequestBody<'post', '/api/devices'>) =>
  call('post', '/api/devices', { body: fields });
export const updateDevice = (id: string, fields: RequestBody<'patch', '/api/devices/{id}'>) =>
  call('patch', '/api/devices/{id}', { path: { id }, body: fields });
export const assignDevice = (id: string, personId: string) =>
  call('post', '/api/devices/{id}/assign', { path: { id }, body: { personId } });
export const unassignDevice = (id: string) => call('post', '/api/devices/{id}/unassign', { path: { id } });
export const moveDevice = (id: string, status: DeviceStatus) =>
  call('post', '/api/devices/{id}/status', { path: { id }, body: { status } });

export const DEVICE_STATUS_LABELS: Readonly<Record<DeviceStatus, string>> = {
  IN_USE: 'In use',
  IN_STOCK: 'In stock',
  IN_REPAIR: 'In repair',
  RETIRED: 'Retired',
};

/** The badge class of each status: in use is the normal case, repair needs attention, retired is gone. */
export const DEVICE_STATUS_BADGES: Readonly<Record<DeviceStatus, string>> = {
  IN_USE: 'badge badge-ok',
  IN_STOCK: 'badge',
  IN_REPAIR: 'badge badge-warn',
  RETIRED: 'badge badge-danger',
};
