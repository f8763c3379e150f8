import { z } from 'zod';
import { actorOf } from '../auth/credential.js';
import { eventStream, handledRoute, routeGroup } from '../contract/route.js';
import { serveEventStream } from '../event-streams.js';

/**
 * The live event stream for an API key holding `event.subscribe` (and the events module). The
 * console's, `GET /api/events`, needs no such permission (a session sees what its role may): so this
 * is not that route's twin.
 */
export const eventKeyRoutes = routeGroup('events', 'What happens in the school, as it happens.', [
  handledRoute({
    method: 'get',
    path: '/api/v1/events',
    access: 'key',
    operationId: 'streamEvents',
    summary: 'Server-sent events the key may see, from where the client resumes',
    description:
      'Each event is `id`, `event` (its kind) and `data` (the webhook body, JSON). A reconnecting client sends `Last-Event-ID`, which wins over `?after=`; an id too old for the replay starts with a reset.',
    required: ['module.events', 'event.subscribe'],
    query: z.object({
      after: z
        .string()
        .regex(/^[0-9]{1,15}$/)
        .optional()
        .describe('Resume after this event id; ignored when Last-Event-ID is sent'),
    }),
    judgesQuery: true,
    responses: { 200: eventStream('The stream: server-sent events, with a comment line every 15 s') },
    async handle({ ctx, deps }) {
      await serveEventStream(ctx, actorOf(ctx), deps);
    },
  }),
]);
