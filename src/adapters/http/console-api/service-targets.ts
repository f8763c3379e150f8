import { closureDaySchema } from '../../../domain/tickets/service-targets/closure-day.js';
import {
  closureDayListSchema,
  closureDayResultSchema,
  closureImportResultSchema,
  CreateClosureDay,
  DeleteClosureDay,
  ImportClosureDays,
  ListClosureDays,
} from '../../../domain/tickets/service-targets/closure-days.js';
import { perform } from '../../../domain/shared/use-case.js';
import { actorOf } from '../auth/credential.js';
import { handledRoute, routeGroup, useCaseRoute } from '../contract/route.js';
import { named } from '../contract/schema-names.js';
import { calendarBody } from '../json-body.js';

named('ClosureDay', closureDaySchema);

/**
 * The school's calendar for service targets (issue 30, point 5): its closure days, by hand or from
 * its calendar file. Its hours and targets are school settings (`/api/settings/business-hours`,
 * `/api/settings/service-targets`). Read by whoever sees the queue; kept by the staff who work it.
 */
export const serviceTargetRoutes = routeGroup(
  'service-targets',
  "The school's closure days, which service targets do not count.",
  [
    useCaseRoute({
      method: 'get',
      path: '/api/closure-days',
      summary: "The school's closure days, by start date",
      useCase: ListClosureDays,
      output: named('ClosureDayList', closureDayListSchema),
      problems: ['forbidden'],
    }),
    useCaseRoute({
      method: 'post',
      path: '/api/closure-days',
      summary: 'Add a closure day or span (a bank holiday, a training day, a snow day)',
      description: 'Due times of the tickets still running move with it, in the same transaction.',
      useCase: CreateClosureDay,
      status: 201,
      output: named('ClosureDayResult', closureDayResultSchema),
      problems: ['forbidden'],
    }),
    useCaseRoute({
      method: 'delete',
      path: '/api/closure-days/{id}',
      summary: 'Remove a closure day',
      useCase: DeleteClosureDay,
      status: 204,
      problems: ['forbidden', 'not_found'],
    }),
    handledRoute({
      method: 'post',
      path: '/api/closure-days/import',
      operationId: 'importClosureDays',
      summary: "Import closure days from the school's calendar file (iCalendar)",
      description:
        'The body is the file as `text/calendar` (RFC 5545, UTF-8), up to 1 MiB: what a school information system, Google Calendar or Outlook exports. Every event from a year back to two years ahead becomes a closure span (all-day events by their dates, DTEND exclusive; timed ones by the dates they touch in the school time zone; repeating ones expanded). An event imported before (its UID) is updated, never doubled; nothing is deleted. A file that cannot be read imports nothing: 400 naming what is wrong.',
      required: ImportClosureDays.required,
      body: 'text/calendar',
      guards: () => [calendarBody()],
      responses: { 200: named('ClosureImportResult', closureImportResultSchema) },
      problems: ['forbidden', 'malformed_body'],
      async handle({ ctx, deps, reply }) {
        const calendar = ctx.request.body as string;
        reply(200, await perform(deps.resolve, ImportClosureDays, actorOf(ctx), { calendar }));
      },
    }),
  ],
);
