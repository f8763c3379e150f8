import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { monitorViewSchema, toMonitorView, type MonitorView } from './monitor.js';

export const listMonitorsInput = z.object({}).strict();

export const monitorListSchema = z.object({ monitors: z.array(monitorViewSchema) });

/** The tenant's monitors with their state and last check, ordered by name (at most 100: no paging). */
@injectable()
export class ListMonitors implements UseCase<typeof listMonitorsInput, { monitors: MonitorView[] }> {
  static readonly required = ['module.events', 'monitor.manage'] as const;
  static readonly input = listMonitorsInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor): Promise<{ monitors: MonitorView[] }> {
    const monitors = await this.uow.read((r) => r.monitors.list(actor.tenant.id));
    return { monitors: monitors.map(toMonitorView) };
  }
}
