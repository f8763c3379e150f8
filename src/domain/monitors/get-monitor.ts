import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { monitorIdInput, toMonitorView, type MonitorView } from './monitor.js';

/** One monitor of the tenant: its settings, current state and last check. */
@injectable()
export class GetMonitor implements UseCase<typeof monitorIdInput, { monitor: MonitorView }> {
  static readonly required = ['module.events', 'monitor.manage'] as const;
  static readonly input = monitorIdInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, { id }: z.output<typeof monitorIdInput>): Promise<{ monitor: MonitorView }> {
    const monitor = await this.uow.read((r) => r.monitors.findById(actor.tenant.id, id));
    if (!monitor) throw notFound('monitor', id);
    return { monitor: toMonitorView(monitor) };
  }
}
