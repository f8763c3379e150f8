import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { PAGE_SIZE_MAX } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { deviceSchema, toDeviceView } from './device.js';
import { historyEntrySchema, readDeviceHistory } from './device-history.js';

export const getDeviceRecordInput = z.object({ id: id() }).strict();

export const deviceRecordSchema = z.object({
  device: deviceSchema,
  /** The newest 100 entries; page through the rest with ListDeviceHistory. */
  history: z.array(historyEntrySchema),
  historyTotal: z.number().int(),
});
type DeviceRecord = z.output<typeof deviceRecordSchema>;

/**
 * A device of the register with its history, newest first: its own changes (created, changed,
 * assigned, unassigned, status moves, repairs), the loans of the loaner with its serial and its
 * repair submissions, each only where the caller may see them (device-history.ts). The newest 100
 * entries come with it, and `historyTotal` says how many there are.
 */
@injectable()
export class GetDeviceRecord implements UseCase<typeof getDeviceRecordInput, DeviceRecord> {
  static readonly required = ['module.assets', 'device.view'] as const;
  static readonly input = getDeviceRecordInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { id: deviceId }: z.output<typeof getDeviceRecordInput>): Promise<DeviceRecord> {
    return this.uow.read(async (repos) => {
      const device = await repos.devices.findById(actor.tenant.id, deviceId);
      if (!device) throw notFound('device', deviceId);
      const history = await readDeviceHistory(repos, actor, device, { page: 1, pageSize: PAGE_SIZE_MAX });
      return { device: toDeviceView(device), history: history.items, historyTotal: history.total };
    });
  }
}
