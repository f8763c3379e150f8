import type { DeliveryOutcome } from '../../domain/webhooks/webhook.js';
import { EventMetrics } from '../../ports/event-metrics.js';
import type { Metrics } from './metrics.js';

/** The event machinery's figures in the Prometheus registry. */
export class PromEventMetrics extends EventMetrics {
  constructor(private readonly metrics: Metrics) {
    super();
  }

  countDelivery(outcome: DeliveryOutcome): void {
    this.metrics.webhookDeliveries.inc({ outcome });
  }

  streamsChanged(delta: number): void {
    this.metrics.sseConnections.inc(delta);
  }
}
