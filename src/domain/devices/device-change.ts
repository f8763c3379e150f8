import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { deviceEventData, toDeviceView, type Device, type DeviceView } from './device.js';

/** One move of a device (assign, unassign, a status): the next device and what the audit entry says. */
export interface DeviceMove {
  readonly action: string;
  apply(current: Device): Promise<{ next: Device; details: Record<string, unknown> }>;
}

/**
 * The shared shape of the register's moves, inside the caller's transaction: lock the device, apply
 * the pure move (device.ts, which throws `conflict` on a move that is not allowed), write it, and
 * record the audit entry and a `device.updated` event with it.
 */
export async function moveDevice(
  repos: Repositories,
  ids: IdGenerator,
  actor: Actor,
  deviceId: string,
  at: string,
  move: DeviceMove,
): Promise<{ device: DeviceView }> {
  const tenantId = actor.tenant.id;
  const current = await repos.devices.findById(tenantId, deviceId, { forUpdate: true });
  if (!current) throw notFound('device', deviceId);
  const { next, details } = await move.apply(current);
  await repos.devices.update(tenantId, next);
  const device = toDeviceView(next);
  await recordChange(repos, ids, {
    tenantId,
    actor: auditActor(actor),
    action: move.action,
    target: `device:${device.id}`,
    at,
    details,
    event: { kind: 'device.updated', payload: deviceEventData(device) },
  });
  return { device };
}

/** An assignment that also moved the status says so (a device in stock goes into use): `{status: {from, to}}`. */
export const statusMove = (current: Device, next: Device) =>
  current.status === next.status ? {} : { status: { from: current.status, to: next.status } };
