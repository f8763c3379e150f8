import { CreateWebhook } from '../../../domain/webhooks/create-webhook.js';
import { DeleteWebhook } from '../../../domain/webhooks/delete-webhook.js';
import { GetWebhook } from '../../../domain/webhooks/get-webhook.js';
import { ListWebhookDeliveries } from '../../../domain/webhooks/list-webhook-deliveries.js';
import { ListWebhooks } from '../../../domain/webhooks/list-webhooks.js';
import { ResendWebhookDelivery } from '../../../domain/webhooks/resend-webhook-delivery.js';
import { RotateWebhookSecret } from '../../../domain/webhooks/rotate-webhook-secret.js';
import { TestWebhook } from '../../../domain/webhooks/test-webhook.js';
import { UpdateWebhook } from '../../../domain/webhooks/update-webhook.js';
import {
  deliveryAttemptViewSchema,
  deliveryPageSchema,
  deliveryResultSchema,
  webhookListSchema,
  webhookResultSchema,
  webhookViewSchema,
  webhookWithSecretSchema,
} from '../../../domain/webhooks/webhook.js';
import { routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';

named('Webhook', webhookViewSchema);
named('WebhookResult', webhookResultSchema);
named('WebhookWithSecret', webhookWithSecretSchema);
named('WebhookDelivery', deliveryAttemptViewSchema);
named('WebhookDeliveryResult', deliveryResultSchema);

/**
 * Webhooks (module `events`, `webhook.manage`; SPEC §8): for the console with a session, and for
 * integrations with an API key at the same paths under `/api/v1`. Each is one use case, which audits
 * every change. A webhook (or delivery) of no one's reach is 404; subscribing to events the caller
 * could not see is 403; a URL Desk may not call is 400 naming `url`. The signing secret is in the
 * answer that makes it (create, rotate) and nowhere else.
 */
export const webhookRoutes = routeGroup('webhooks', 'Signed HTTP calls to a receiver on every event it takes.', [
  useCaseRoute({
    method: 'post',
    path: '/api/webhooks',
    summary: 'Add a webhook: its signing secret is in this answer only',
    useCase: CreateWebhook,
    status: 201,
    output: webhookWithSecretSchema,
    keyed: true,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/webhooks',
    summary: 'The webhooks (never their secrets), and the event kinds the caller may subscribe to',
    useCase: ListWebhooks,
    output: named('WebhookList', webhookListSchema),
    keyed: true,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/webhooks/{id}',
    summary: 'A webhook',
    useCase: GetWebhook,
    output: webhookResultSchema,
    keyed: true,
  }),
  useCaseRoute({
    method: 'patch',
    path: '/api/webhooks/{id}',
    summary: "Change a webhook's URL, events, description, or turn it on or off (on again after Desk disabled it)",
    useCase: UpdateWebhook,
    output: webhookResultSchema,
    keyed: true,
  }),
  useCaseRoute({
    method: 'delete',
    path: '/api/webhooks/{id}',
    summary: 'Remove a webhook and its delivery log',
    useCase: DeleteWebhook,
    status: 204,
    keyed: true,
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/webhooks/{id}/rotate-secret',
    summary: 'A new signing secret, shown once; the old one still signs for 24 hours (a body is not read)',
    useCase: RotateWebhookSecret,
    output: webhookWithSecretSchema,
    keyed: true,
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/webhooks/{id}/test',
    summary: 'Send a `webhook.test` event now, and log it (a body is not read)',
    useCase: TestWebhook,
    output: deliveryResultSchema,
    keyed: true,
  }),
  useCaseRoute({
    method: 'get',
    path: '/api/webhooks/{id}/deliveries',
    summary: "A webhook's delivery log, newest first, a page at a time",
    useCase: ListWebhookDeliveries,
    output: named('WebhookDeliveryPage', deliveryPageSchema),
    keyed: true,
  }),
  useCaseRoute({
    method: 'post',
    path: '/api/webhooks/{id}/deliveries/{deliveryId}/resend',
    summary: 'Send a logged delivery again now, with the same message id (a body is not read)',
    useCase: ResendWebhookDelivery,
    output: deliveryResultSchema,
    keyed: true,
  }),
]);
