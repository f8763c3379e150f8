import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { OutboundGuard } from '../../ports/outbound-guard.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { conflict, invalidField } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import {
  MAX_MONITORS_PER_TENANT,
  monitorFields,
  toMonitorView,
  UNKNOWN_STATUS,
  type Monitor,
  type MonitorView,
} from './monitor.js';

export const createMonitorInput = z
  .object({ ...monitorFields, expectStatus: monitorFields.expectStatus.optional() })
  .strict();

/**
 * Registers a monitor. Its address must be one Desk may call (OutboundGuard: public addresses only,
 * unless WEBHOOK_ALLOW_PRIVATE): refused here as invalid `url`, and checked again before every check.
 * It starts `unknown` and is due at once.
 */
@injectable()
export class CreateMonitor implements UseCase<typeof createMonitorInput, { monitor: MonitorView }> {
  static readonly required = ['module.events', 'monitor.manage'] as const;
  static readonly input = createMonitorInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(OutboundGuard) private readonly guard: OutboundGuard,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createMonitorInput>): Promise<{ monitor: MonitorView }> {
    const refusal = await this.guard.refusal(input.url);
    if (refusal) throw invalidField('url', refusal);
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    const monitor: Monitor = {
      id: this.ids.next(),
      name: input.name,
      url: input.url,
      intervalSeconds: input.intervalSeconds,
      expectStatus: input.expectStatus ?? null,
      ...UNKNOWN_STATUS,
      nextCheckAt: at,
      createdAt: at,
      updatedAt: at,
    };
    return this.uow.transaction(async (repos) => {
      if ((await repos.monitors.count(tenantId)) >= MAX_MONITORS_PER_TENANT) {
        throw conflict(`a tenant may have at most ${MAX_MONITORS_PER_TENANT} monitors; delete one first`);
      }
      await repos.monitors.create(tenantId, monitor);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'monitor.create',
        target: `monitor:${monitor.id}`,
        at,
        details: { name: monitor.name, url: monitor.url, intervalSeconds: monitor.intervalSeconds },
      });
      return { monitor: toMonitorView(monitor) };
    });
  }
}
