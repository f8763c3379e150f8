import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { requirePermissions, type Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { id, parseInput } from '../shared/validation.js';
import type { Device } from './device.js';

export const getDeviceInput = z.object({ id: id() }).strict();

/** One entry of the asset register. */
@injectable()
export class GetDevice {
  static readonly required = ['module.assets', 'device.view'] as const;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.input<typeof getDeviceInput>): Promise<{ device: Device }> {
    requirePermissions(actor, GetDevice.required);
    const { id: deviceId } = parseInput(getDeviceInput, input);
    const device = await this.uow.read((r) => r.devices.findById(actor.tenant.id, deviceId));
    if (!device) throw notFound('device', deviceId);
    return { device };
  }
}
