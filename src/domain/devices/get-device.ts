import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { id } from '../shared/validation.js';
import { toDeviceView, type DeviceView } from './device.js';

export const getDeviceInput = z.object({ id: id() }).strict();

/** One entry of the asset register. */
@injectable()
export class GetDevice implements UseCase<typeof getDeviceInput, { device: DeviceView }> {
  static readonly required = ['module.assets', 'device.view'] as const;
  static readonly input = getDeviceInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { id: deviceId }: z.output<typeof getDeviceInput>): Promise<{ device: DeviceView }> {
    const device = await this.uow.read((r) => r.devices.findById(actor.tenant.id, deviceId));
    if (!device) throw notFound('device', deviceId);
    return { device: toDeviceView(device) };
  }
}
