import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { unassign, type DeviceView } from './device.js';
import { moveDevice, statusMove } from './device-change.js';

export const unassignDeviceInput = z.object({ id: id() }).strict();

/**
 * Takes a device back from its person: one in use goes back into stock; one in repair stays there,
 * with nobody. A device assigned to no one → conflict. Audited as `device.unassign {from}`.
 */
@injectable()
export class UnassignDevice implements UseCase<typeof unassignDeviceInput, { device: DeviceView }> {
  static readonly required = ['module.assets', 'device.manage'] as const;
  static readonly input = unassignDeviceInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof unassignDeviceInput>): Promise<{ device: DeviceView }> {
    const at = this.clock.now().toISOString();
    return this.uow.transaction((repos) =>
      moveDevice(repos, this.ids, actor, input.id, at, {
        action: 'device.unassign',
        apply: async (current) => {
          const next = unassign(current);
          return { next, details: { from: current.assignedPersonId, ...statusMove(current, next) } };
        },
      }),
    );
  }
}
