import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { lockAssignee } from './assignee.js';
import { deviceEventData, deviceFields, toDeviceView, type Device, type DeviceView } from './device.js';

export const createDeviceInput = z
  .object({
    serial: deviceFields.serial,
    kind: deviceFields.kind,
    manufacturer: deviceFields.manufacturer.optional(),
    model: deviceFields.model.optional(),
    assignedTo: id().nullable().optional().describe('The person (id) it is handed to; absent or null: in stock'),
    purchaseDate: deviceFields.purchaseDate.optional(),
    purchaseCostMinor: deviceFields.purchaseCostMinor.optional(),
    warrantyEnd: deviceFields.warrantyEnd.optional(),
  })
  .strict();

/**
 * Registers a device in the asset register: IN_STOCK, or IN_USE when it is handed to someone at
 * once (who must exist and not be archived). The serial is unique among the register's devices. A
 * loaner of the pool may carry the same serial: the register lists every device the school owns,
 * loaners included, and the device's history then shows that loaner's loans.
 */
@injectable()
export class CreateDevice implements UseCase<typeof createDeviceInput, { device: DeviceView }> {
  static readonly required = ['module.assets', 'device.manage'] as const;
  static readonly input = createDeviceInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createDeviceInput>): Promise<{ device: DeviceView }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const taken = await repos.devices.findBySerial(tenantId, input.serial);
      if (taken) throw conflict(`a device with serial "${input.serial}" is already in the register (${taken.id})`);
      const assignee = input.assignedTo ? await lockAssignee(repos, tenantId, input.assignedTo) : null;
      const stored: Device = {
        id: this.ids.next(),
        serial: input.serial,
        kind: input.kind,
        manufacturer: input.manufacturer ?? null,
        model: input.model ?? null,
        status: assignee ? 'IN_USE' : 'IN_STOCK',
        assignedPersonId: assignee?.id ?? null,
        purchaseDate: input.purchaseDate ?? null,
        purchaseCostMinor: input.purchaseCostMinor ?? null,
        warrantyEnd: input.warrantyEnd ?? null,
        statusBeforeRepair: null,
      };
      await repos.devices.insertMany(tenantId, [stored]);
      const device = toDeviceView(stored);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'device.create',
        target: `device:${device.id}`,
        at,
        details: {
          serial: device.serial,
          kind: device.kind,
          status: device.status,
          assignedTo: device.assignedPersonId,
        },
        event: { kind: 'device.created', payload: deviceEventData(device) },
      });
      return { device };
    });
  }
}
