import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { OutboundGuard } from '../../ports/outbound-guard.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { invalidField, notFound } from '../shared/errors.js';
import { requireSomeField } from '../shared/patch.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import { text } from '../shared/validation.js';
import { monitorFields, toMonitorView, type Monitor, type MonitorView } from './monitor.js';

export const updateMonitorInput = z
  .object({
    id: text(1, 100),
    name: monitorFields.name.optional(),
    url: monitorFields.url.optional(),
    intervalSeconds: monitorFields.intervalSeconds.optional(),
    expectStatus: monitorFields.expectStatus.optional(),
  })
  .strict();

const CHANGEABLE = ['name', 'url', 'intervalSeconds', 'expectStatus'] as const;

/**
 * Changes a monitor's settings. A new address is refused like a new monitor's. Changing what is
 * checked (address, expected status, interval) makes it due at once and forgets failures counted
 * against the old settings; its state stays until a check changes it, so an incident still closes
 * with `monitor.up`.
 */
@injectable()
export class UpdateMonitor implements UseCase<typeof updateMonitorInput, { monitor: MonitorView }> {
  static readonly required = ['module.events', 'monitor.manage'] as const;
  static readonly input = updateMonitorInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(OutboundGuard) private readonly guard: OutboundGuard,
  ) {}

  async execute(actor: Actor, input: z.output<typeof updateMonitorInput>): Promise<{ monitor: MonitorView }> {
    requireSomeField(input, CHANGEABLE);
    if (input.url !== undefined) {
      const refusal = await this.guard.refusal(input.url);
      if (refusal) throw invalidField('url', refusal);
    }
    const tenantId = actor.tenant.id;
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const current = await repos.monitors.findById(tenantId, input.id, { forUpdate: true });
      if (!current) throw notFound('monitor', input.id);
      const changes = Object.fromEntries(
        CHANGEABLE.filter((k) => input[k] !== undefined && input[k] !== current[k]).map((k) => [k, input[k]]),
      ) as Partial<Pick<Monitor, (typeof CHANGEABLE)[number]>>;
      const rechecks = 'url' in changes || 'expectStatus' in changes || 'intervalSeconds' in changes;
      const next: Monitor = {
        ...current,
        ...changes,
        ...(rechecks ? { consecutiveFailures: 0, nextCheckAt: at } : {}),
        updatedAt: at,
      };
      await repos.monitors.update(tenantId, next);
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'monitor.update',
        target: `monitor:${current.id}`,
        at,
        details: { changes },
      });
      return { monitor: toMonitorView(next) };
    });
  }
}
