/**
 * Webhooks: the school's receivers and the event kinds this user may send them, registering, editing,
 * turning off and deleting one, rotating its signing secret, and its delivery log (a test delivery,
 * resending one). Types from the console API's declarations (console-api.gen.ts).
 */
import { call, type RequestBody } from './client.js';
import type { Webhook, WebhookDelivery, WebhookDeliveryPage, WebhookList } from './console-api.gen.js';

export type { Webhook, WebhookDelivery, WebhookDeliveryPage, WebhookList };
export type WebhookFields = RequestBody<'post', '/api/webhooks'>;
export type WebhookChanges = RequestBody<'patch', '/api/webhooks/{id}'>;
/** An event kind a webhook can be sent. */
export type WebhookKind = Webhook['events'][number];

export const listWebhooks = () => call('get', '/api/webhooks');
export const getWebhook = (id: string) => call('get', '/api/webhooks/{id}', { path: { id } });
export const registerWebhook = (fields: WebhookFields) => call('post', '/api/webhooks', { body: fields });
export const changeWebhook = (id: string, changes: WebhookChanges) =>
  call('patch', '/api/webhooks/{id}', { path: { id }, body: changes });
export const deleteWebhook = (id: string) => call('delete', '/api/webhooks/{id}', { path: { id } });
export const rotateSecret = (id: string) => call('post', '/api/webhooks/{id}/rotate-secret', { path: { id } });
export const sendTest = (id: string) => call('post', '/api/webhooks/{id}/test', { path: { id } });
export const deliveries = (id: string, page: number, pageSize: number) =>
  call('get', '/api/webhooks/{id}/deliveries', { path: { id }, query: { page, pageSize } });
export const resendDelivery = (id: string, deliveryId: string) =>
  call('post', '/api/webhooks/{id}/deliveries/{deliveryId}/resend', { path: { id, deliveryId } });
