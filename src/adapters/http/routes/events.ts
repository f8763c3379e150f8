import type { Context } from 'koa';
import { EventHub } from '../../../domain/events/event-hub.js';
import { requirePermissions, type Actor } from '../../../domain/shared/actor.js';
import { invalidField } from '../../../domain/shared/errors.js';
import { EventStreams } from '../event-streams.js';
import type { HttpDeps, RouteModule } from '../route-module.js';
import { actorOf, apiKeyGuard, keyRateLimits, type RestHooks } from './v1.js';

/** Where a stream resumes: `Last-Event-ID` (a reconnecting EventSource) or `?after=` (a reloaded page). */
function resumeAfter(ctx: Context): number | null {
  const header = ctx.get('last-event-id');
  const [field, raw] = header ? ['Last-Event-ID', header] : ['after', ctx.query.after];
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^[0-9]{1,15}$/.test(raw.trim())) {
    throw invalidField(field, 'must be an event id (a whole number)');
  }
  return Number(raw.trim());
}

/**
 * Streams the events `actor` may see on `ctx`, from where the client resumes (SPEC §8): each event is
 * `id`, `event` and `data` (the webhook body); a subscriber sees only the kinds its permissions
 * cover, and loan events of its own pool only (mayReceive). Shared by the key surface's stream here
 * and the console's (console-api/events.ts).
 */
export async function serveEventStream(
  ctx: Context,
  actor: Actor,
  deps: Pick<HttpDeps, 'container' | 'resolve' | 'observability'>,
): Promise<void> {
  const after = resumeAfter(ctx);
  // Headers are written by hand from here: Koa must not answer for us.
  ctx.status = 200;
  ctx.respond = false;
  // Resolved on the first stream, not at registration: an app that never streams needs none.
  const subscriber = deps.container.get(EventStreams).begin(ctx.res, actor);
  try {
    const unsubscribe = await deps.resolve(EventHub).subscribe(actor.tenant.id, subscriber, after);
    ctx.res.once('close', unsubscribe);
    if (ctx.res.destroyed) unsubscribe();
  } catch (error) {
    // The stream has begun, so no problem document can follow: end it; the client reconnects.
    deps.observability.log.warn({ err: error }, 'event stream could not start');
    ctx.res.destroy();
  }
}

/**
 * The live event stream for an API key holding `event.subscribe` (and the events module):
 * `GET /api/v1/events`. The console's, `GET /api/events`, is declared in console-api/events.ts.
 */
export function createEventRoutes(hooks: RestHooks = {}): RouteModule {
  return {
    name: 'events',
    register(router, deps) {
      router.get('/api/v1/events', ...apiKeyGuard(deps, 'v1', hooks), async (ctx) => {
        const actor = actorOf(ctx);
        requirePermissions(actor, ['module.events', 'event.subscribe']);
        await serveEventStream(ctx, actor, deps);
      });
    },
  };
}

export const eventRoutes: RouteModule = createEventRoutes(keyRateLimits);
