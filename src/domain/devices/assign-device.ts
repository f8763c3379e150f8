import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { lockAssignee } from './assignee.js';
import { assignTo, type DeviceView } from './device.js';
import { moveDevice, statusMove } from './device-change.js';

export const assignDeviceInput = z
  .object({ id: id(), personId: id().describe('The person (id) the device is handed to') })
  .strict();

/**
 * Hands a device to a person who is not archived: a device in stock goes into use; one in use or in
 * repair changes hands. A retired device, or one already with that person → conflict. Audited as
 * `device.assign {from, to}` (person ids).
 */
@injectable()
export class AssignDevice implements UseCase<typeof assignDeviceInput, { device: DeviceView }> {
  static readonly required = ['module.assets', 'device.manage'] as const;
  static readonly input = assignDeviceInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof assignDeviceInput>): Promise<{ device: DeviceView }> {
    const at = this.clock.now().toISOString();
    return this.uow.transaction((repos) =>
      moveDevice(repos, this.ids, actor, input.id, at, {
        action: 'device.assign',
        apply: async (current) => {
          // The device is locked first, then the person: the order IssueLoan keeps too (loan, person).
          const person = await lockAssignee(repos, actor.tenant.id, input.personId);
          const next = assignTo(current, person.id);
          return { next, details: { from: current.assignedPersonId, to: person.id, ...statusMove(current, next) } };
        },
      }),
    );
  }
}
