import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { perform, type Resolve } from '../../../domain/shared/use-case.js';
import type { Actor } from '../../../domain/shared/actor.js';
import { CreateWebhook } from '../../../domain/webhooks/create-webhook.js';
import { DeleteWebhook } from '../../../domain/webhooks/delete-webhook.js';
import { GetWebhook } from '../../../domain/webhooks/get-webhook.js';
import { ListWebhookDeliveries } from '../../../domain/webhooks/list-webhook-deliveries.js';
import { ListWebhooks } from '../../../domain/webhooks/list-webhooks.js';
import { ResendWebhookDelivery } from '../../../domain/webhooks/resend-webhook-delivery.js';
import { RotateWebhookSecret } from '../../../domain/webhooks/rotate-webhook-secret.js';
import { TestWebhook } from '../../../domain/webhooks/test-webhook.js';
import { UpdateWebhook } from '../../../domain/webhooks/update-webhook.js';
import { consoleActor, consoleAuth } from '../auth/session.js';
import { jsonBody, objectBody } from '../json-body.js';
import { OriginPolicy, requireAllowedOrigin } from '../middleware/origin-check.js';
import { queryReader } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { actorOf, apiKeyGuard, keyRateLimits, type RestHooks } from './v1.js';

const readDeliveryQuery = queryReader(ListWebhookDeliveries.input.omit({ id: true }));

/**
 * The webhook routes under one prefix, for one way of signing in: `/api/v1/webhooks` with an API key
 * and `/api/webhooks` with a console session (SPEC §8). Each is a thin translation to a use case,
 * which requires the events module and webhook.manage and audits every change.
 */
function registerWebhooks(
  router: Router,
  resolve: Resolve,
  prefix: string,
  read: readonly Middleware[],
  write: readonly Middleware[],
  actor: (ctx: Context) => Actor,
): void {
  const id = (ctx: Context) => ctx.params.id ?? '';

  router.post(prefix, ...write, jsonBody(), async (ctx) => {
    ctx.body = await perform(resolve, CreateWebhook, actor(ctx), objectBody(ctx));
    ctx.status = 201;
  });
  router.get(prefix, ...read, async (ctx) => {
    ctx.body = await perform(resolve, ListWebhooks, actor(ctx), {});
  });
  router.get(`${prefix}/:id`, ...read, async (ctx) => {
    ctx.body = await perform(resolve, GetWebhook, actor(ctx), { id: id(ctx) });
  });
  router.patch(`${prefix}/:id`, ...write, jsonBody(), async (ctx) => {
    ctx.body = await perform(resolve, UpdateWebhook, actor(ctx), { ...objectBody(ctx), id: id(ctx) });
  });
  router.delete(`${prefix}/:id`, ...write, async (ctx) => {
    await perform(resolve, DeleteWebhook, actor(ctx), { id: id(ctx) });
    ctx.status = 204;
  });
  router.post(`${prefix}/:id/rotate-secret`, ...write, jsonBody(), async (ctx) => {
    ctx.body = await perform(resolve, RotateWebhookSecret, actor(ctx), { id: id(ctx) });
  });
  router.post(`${prefix}/:id/test`, ...write, jsonBody(), async (ctx) => {
    ctx.body = await perform(resolve, TestWebhook, actor(ctx), { id: id(ctx) });
  });
  router.get(`${prefix}/:id/deliveries`, ...read, async (ctx) => {
    ctx.body = await perform(resolve, ListWebhookDeliveries, actor(ctx), { ...readDeliveryQuery(ctx), id: id(ctx) });
  });
  router.post(`${prefix}/:id/deliveries/:deliveryId/resend`, ...write, jsonBody(), async (ctx) => {
    ctx.body = await perform(resolve, ResendWebhookDelivery, actor(ctx), {
      id: id(ctx),
      deliveryId: ctx.params.deliveryId ?? '',
    });
  });
}

/** Webhooks for integrations (API key) and for the console (session; writes from our own pages only). */
export function createWebhookRoutes(hooks: RestHooks = {}): RouteModule {
  return {
    name: 'webhooks',
    register(router, deps) {
      const keyed = apiKeyGuard(deps, 'v1', hooks);
      registerWebhooks(router, deps.resolve, '/api/v1/webhooks', keyed, keyed, actorOf);
      const signedIn = consoleAuth(deps.container);
      const sameOrigin = requireAllowedOrigin(new OriginPolicy(deps.config));
      registerWebhooks(router, deps.resolve, '/api/webhooks', [signedIn], [signedIn, sameOrigin], consoleActor);
    },
  };
}

export const webhookRoutes: RouteModule = createWebhookRoutes(keyRateLimits);
