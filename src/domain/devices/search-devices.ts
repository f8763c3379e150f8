import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { PAGE_SIZE_DEFAULT } from '../shared/paging.js';
import { page, pageSize, parseInput, text } from '../shared/validation.js';
import { DEVICE_STATUSES, type Device } from './device.js';

export const searchDevicesInput = z
  .object({
    q: text(1, 200).optional().describe('Text contained in the serial, manufacturer or model (case-insensitive)'),
    kind: text(1, 50).optional().describe('Device kind, e.g. LAPTOP, IPAD, CHROMEBOOK, DESKTOP'),
    status: z.enum(DEVICE_STATUSES).optional().describe('IN_USE, IN_STOCK, IN_REPAIR or RETIRED'),
    page: page().describe('Page number, from 1 (default 1)'),
    pageSize: pageSize().describe('Devices per page, 1 to 100 (default 50)'),
  })
  .strict();

/** Searches the asset register, ordered by serial. */
@injectable()
export class SearchDevices {
  static readonly required = ['module.assets', 'device.view'] as const;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.input<typeof searchDevicesInput>) {
    requirePermissions(actor, SearchDevices.required);
    const { page = 1, pageSize = PAGE_SIZE_DEFAULT, ...search } = parseInput(searchDevicesInput, input);
    const result = await this.uow.read((r) => r.devices.search(actor.tenant.id, search, { page, pageSize }));
    return { devices: result.items as Device[], total: result.total, page, pageSize };
  }
}
