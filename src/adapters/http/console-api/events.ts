import { actorOf } from '../auth/credential.js';
import { z } from 'zod';
import { eventStream, handledRoute, routeGroup } from '../contract/route.js';
import { serveEventStream } from '../event-streams.js';

/**
 * The console's live event stream (module `events`, SPEC §8): what the browser's EventSource opens
 * with the session cookie. A user sees the kinds their role's permissions cover, and a teacher the
 * loan events of their own loan groups only. API keys stream at `GET /api/v1/events` instead, with
 * the `event.subscribe` scope (routes/events.ts): not this route's twin, since a session needs no
 * such permission.
 */
export const eventStreamRoutes = routeGroup('events', 'What happens in the school, as it happens.', [
  handledRoute({
    method: 'get',
    path: '/api/events',
    operationId: 'streamEvents',
    summary: 'Server-sent events the user may see, from where the client resumes',
    description:
      'Each event is `id`, `event` (its kind) and `data` (the webhook body, JSON). A reconnecting EventSource sends `Last-Event-ID`, which wins over `?after=`; an id too old for the replay starts with a reset.',
    required: ['module.events'],
    query: z.object({
      after: z
        .string()
        .regex(/^[0-9]{1,15}$/)
        .optional()
        .describe('Resume after this event id (a reloaded page); ignored when Last-Event-ID is sent'),
    }),
    // `after` gives way to the Last-Event-ID header, which the handler weighs first.
    judgesQuery: true,
    responses: { 200: eventStream('The stream: server-sent events, with a comment line every 15 s') },
    async handle({ ctx, deps }) {
      await serveEventStream(ctx, actorOf(ctx), deps);
    },
  }),
]);
