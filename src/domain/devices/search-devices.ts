import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { defineTool } from '../catalogue/tool.js';
import type { Actor } from '../shared/actor.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { id, pageOf, text, pagingInput } from '../shared/validation.js';
import { deviceSchema, toDeviceView } from './device.js';
import { DEVICE_STATUSES } from './device-states.js';

export const searchDevicesInput = z
  .object({
    q: text(1, 200).optional().describe('Text contained in the serial, manufacturer or model (case-insensitive)'),
    kind: text(1, 50).optional().describe('Device kind, e.g. LAPTOP, IPAD, CHROMEBOOK, DESKTOP'),
    status: z.enum(DEVICE_STATUSES).optional().describe('IN_USE, IN_STOCK, IN_REPAIR or RETIRED'),
    assignedTo: id().optional().describe('Only devices assigned to this person (id)'),
    ...pagingInput('Devices'),
  })
  .strict();

export const deviceListSchema = pageOf('devices', deviceSchema);
type DeviceList = z.output<typeof deviceListSchema>;

/** Searches the asset register, ordered by serial. */
@injectable()
export class SearchDevices implements UseCase<typeof searchDevicesInput, DeviceList> {
  static readonly required = ['module.assets', 'device.view'] as const;
  static readonly input = searchDevicesInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { page, pageSize, ...search }: z.output<typeof searchDevicesInput>): Promise<DeviceList> {
    const paging = requestedPage({ page, pageSize });
    const result = await this.uow.read((r) => r.devices.search(actor.tenant.id, search, paging));
    return { devices: result.items.map(toDeviceView), ...pageInfo(result, paging) };
  }
}

export const searchDevicesTool = defineTool({
  name: 'devices.search',
  title: 'Search the asset register',
  description:
    'Page through the asset register (ordered by serial), filtered by kind, status, the person it is assigned to, or a search text in serial, manufacturer and model.',
  readOnly: true,
  output: deviceListSchema,
  useCase: SearchDevices,
});
