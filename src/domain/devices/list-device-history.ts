import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { id, pageOf, pagingInput } from '../shared/validation.js';
import { historyEntrySchema, readDeviceHistory } from './device-history.js';

export const listDeviceHistoryInput = z
  .object({
    id: id(),
    ...pagingInput('Entries'),
  })
  .strict();

export const deviceHistorySchema = pageOf('history', historyEntrySchema);
type DeviceHistory = z.output<typeof deviceHistorySchema>;

/** A device's whole history, newest first, a page at a time (what GetDeviceRecord's first 100 continue). */
@injectable()
export class ListDeviceHistory implements UseCase<typeof listDeviceHistoryInput, DeviceHistory> {
  static readonly required = ['module.assets', 'device.view'] as const;
  static readonly input = listDeviceHistoryInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(
    actor: Actor,
    { id: deviceId, page, pageSize }: z.output<typeof listDeviceHistoryInput>,
  ): Promise<DeviceHistory> {
    const paging = requestedPage({ page, pageSize });
    return this.uow.read(async (repos) => {
      const device = await repos.devices.findById(actor.tenant.id, deviceId);
      if (!device) throw notFound('device', deviceId);
      const history = await readDeviceHistory(repos, actor, device, paging);
      return { history: history.items, ...pageInfo(history, paging) };
    });
  }
}
