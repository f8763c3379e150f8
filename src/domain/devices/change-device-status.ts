import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { changeStatus, type DeviceView } from './device.js';
import { DEVICE_STATUSES } from './device-states.js';
import { moveDevice } from './device-change.js';

export const changeDeviceStatusInput = z
  .object({ id: id(), status: z.enum(DEVICE_STATUSES).describe('IN_USE, IN_STOCK, IN_REPAIR or RETIRED') })
  .strict();

/**
 * Moves a device as the register allows (changeStatus in device.ts): IN_STOCK ↔ IN_USE, either into
 * IN_REPAIR and back, anything to RETIRED, which is final; anything else → conflict. Back in stock or
 * retired, the device is with nobody. Audited as `device.status {from, to}`, plus `unassigned` (the
 * person's id) when the move took the device from someone.
 */
@injectable()
export class ChangeDeviceStatus implements UseCase<typeof changeDeviceStatusInput, { device: DeviceView }> {
  static readonly required = ['module.assets', 'device.manage'] as const;
  static readonly input = changeDeviceStatusInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof changeDeviceStatusInput>): Promise<{ device: DeviceView }> {
    const at = this.clock.now().toISOString();
    return this.uow.transaction((repos) =>
      moveDevice(repos, this.ids, actor, input.id, at, {
        action: 'device.status',
        apply: async (current) => {
          const next = changeStatus(current, input.status);
          const unassigned =
            current.assignedPersonId !== null && next.assignedPersonId === null
              ? { unassigned: current.assignedPersonId }
              : {};
          return { next, details: { from: current.status, to: next.status, ...unassigned } };
        },
      }),
    );
  }
}
