import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { listDeliveriesInput, toAttemptView, type DeliveryAttemptView } from './webhook.js';
import { findWebhook, REQUIRED } from './webhook-admin.js';

export interface DeliveryPage {
  readonly deliveries: DeliveryAttemptView[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

@injectable()
export class ListWebhookDeliveries implements UseCase<typeof listDeliveriesInput, DeliveryPage> {
  static readonly required = REQUIRED;
  static readonly input = listDeliveriesInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof listDeliveriesInput>) {
    const page = requestedPage(input);
    const found = await this.uow.read(async (repos) => {
      await findWebhook(repos, actor, input.id);
      return repos.webhooks.listAttempts(actor.tenant.id, input.id, page);
    });
    return { deliveries: found.items.map(toAttemptView), ...pageInfo(found, page) };
  }
}
