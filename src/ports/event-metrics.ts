import type { DeliveryOutcome } from '../domain/webhooks/webhook.js';

/** What the event machinery tells the operator's metrics (desk_webhook_deliveries_total and friends). */
export abstract class EventMetrics {
  abstract countDelivery(outcome: DeliveryOutcome): void;
  /** +1 when a stream opens, -1 when it closes. */
  abstract streamsChanged(delta: number): void;
}
