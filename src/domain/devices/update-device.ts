import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { patched, requireSomeField } from '../shared/patch.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { DEVICE_DETAILS, deviceEventData, deviceFields, toDeviceView, type DeviceView } from './device.js';

export const updateDeviceInput = z
  .object({
    id: id(),
    kind: deviceFields.kind.optional(),
    manufacturer: deviceFields.manufacturer.optional(),
    model: deviceFields.model.optional(),
    purchaseDate: deviceFields.purchaseDate.optional(),
    purchaseCostMinor: deviceFields.purchaseCostMinor.optional(),
    warrantyEnd: deviceFields.warrantyEnd.optional(),
  })
  .strict();

/**
 * Corrects a device's model and purchase data (a retired device's too: its record can still be put
 * right). The serial never changes: it is what the device is known by, in its loans and repairs.
 * The audit entry holds each change as `{from, to}`; a change that changes nothing writes nothing.
 */
@injectable()
export class UpdateDevice implements UseCase<typeof updateDeviceInput, { device: DeviceView }> {
  static readonly required = ['module.assets', 'device.manage'] as const;
  static readonly input = updateDeviceInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(
    actor: Actor,
    { id: deviceId, ...input }: z.output<typeof updateDeviceInput>,
  ): Promise<{ device: DeviceView }> {
    requireSomeField(input, DEVICE_DETAILS);
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await repos.devices.findById(tenantId, deviceId, { forUpdate: true });
      if (!current) throw notFound('device', deviceId);
      const { next, changed } = patched(current, input, DEVICE_DETAILS);
      if (changed.length === 0) return { device: toDeviceView(current) };
      await repos.devices.update(tenantId, next);
      const device = toDeviceView(next);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'device.update',
        target: `device:${device.id}`,
        at,
        details: { changes: Object.fromEntries(changed.map((f) => [f, { from: current[f], to: next[f] }])) },
        event: { kind: 'device.updated', payload: deviceEventData(device) },
      });
      return { device };
    });
  }
}
