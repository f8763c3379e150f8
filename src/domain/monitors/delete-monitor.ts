import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { monitorIdInput } from './monitor.js';

/** Deletes a monitor; checks of it stop. A monitor deleted while down sends no `monitor.up`. */
@injectable()
export class DeleteMonitor implements UseCase<typeof monitorIdInput, { deleted: true }> {
  static readonly required = ['module.events', 'monitor.manage'] as const;
  static readonly input = monitorIdInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, { id }: z.output<typeof monitorIdInput>): Promise<{ deleted: true }> {
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await repos.monitors.findById(tenantId, id, { forUpdate: true });
      if (!current || !(await repos.monitors.delete(tenantId, id))) throw notFound('monitor', id);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'monitor.delete',
        target: `monitor:${id}`,
        at,
        details: { name: current.name, url: current.url },
      });
      return { deleted: true as const };
    });
  }
}
