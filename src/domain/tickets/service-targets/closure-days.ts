import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { CalendarFile, MalformedCalendar } from '../../../ports/calendar-file.js';
import { Clock } from '../../../ports/clock.js';
import { IdGenerator } from '../../../ports/id-generator.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { Actor } from '../../shared/actor.js';
import { addDays, dateInZone } from '../../shared/dates.js';
import { invalidField, notFound } from '../../shared/errors.js';
import { auditActor, recordChange } from '../../shared/record-change.js';
import type { UseCase } from '../../shared/use-case.js';
import { calendarDate, id, text } from '../../shared/validation.js';
import { closureDaySchema, type ClosureDay } from './closure-day.js';
import { recomputeDueTimes } from './service-terms.js';

/**
 * A school's closure days (issue 30, point 5): listed by whoever reads the queue, kept by those who
 * work it, by hand or from the school's calendar file. Every change moves the due times of the
 * tickets still running, in the change's own transaction.
 */

const READ = ['module.servicedesk', 'ticket.view'] as const;
const MANAGE = ['module.servicedesk', 'ticket.manage'] as const;
const empty = z.object({}).strict();

/** The longest span one closure may be: a long summer holiday, with room. */
export const MAX_CLOSURE_DAYS = 120;
/** An import reads a year back and two ahead: this school year, the next, and what was. */
const IMPORT_BACK_DAYS = 366;
const IMPORT_AHEAD_DAYS = 2 * 366;

export const closureDayListSchema = z.object({ closureDays: z.array(closureDaySchema) });
export const closureDayResultSchema = z.object({ closureDay: closureDaySchema });
export const closureImportResultSchema = z.object({
  imported: z.number().int().describe('Spans read from the file: added, or updated by their UID'),
  from: calendarDate().describe('The first date the import read'),
  until: calendarDate().describe('The last date it read'),
  movedTickets: z.number().int().describe('Tickets whose due times moved'),
});

@injectable()
export class ListClosureDays implements UseCase<typeof empty, z.output<typeof closureDayListSchema>> {
  static readonly required = READ;
  static readonly input = empty;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor) {
    return { closureDays: await this.uow.read((r) => r.closureDays.list(actor.tenant.id)) };
  }
}

export const createClosureDayInput = z
  .object({
    name: text(1, 200).describe('What it is: "Bank holiday", "Snow day"'),
    startsOn: calendarDate().describe('The first day closed, YYYY-MM-DD'),
    endsOn: calendarDate().optional().describe('The last day closed, inclusive (default: the same day)'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const ends = v.endsOn ?? v.startsOn;
    if (ends < v.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'must not be before startsOn' });
    else if (addDays(v.startsOn, MAX_CLOSURE_DAYS - 1) < ends)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: `a closure spans at most ${MAX_CLOSURE_DAYS} days` });
  });

@injectable()
export class CreateClosureDay implements UseCase<typeof createClosureDayInput, { closureDay: ClosureDay }> {
  static readonly required = MANAGE;
  static readonly input = createClosureDayInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof createClosureDayInput>) {
    const at = this.clock.now().toISOString();
    const closureDay: ClosureDay = {
      id: this.ids.next(),
      name: input.name,
      startsOn: input.startsOn,
      endsOn: input.endsOn ?? input.startsOn,
      uid: null,
      createdAt: at,
    };
    return this.uow.transaction(async (repos) => {
      await repos.closureDays.upsert(actor.tenant.id, [closureDay]);
      const moved = await recomputeDueTimes(repos, actor.tenant);
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'closure_day.create',
        target: `closure_day:${closureDay.id}`,
        at,
        details: {
          name: closureDay.name,
          startsOn: closureDay.startsOn,
          endsOn: closureDay.endsOn,
          movedTickets: moved,
        },
      });
      return { closureDay };
    });
  }
}

const deleteInput = z.object({ id: id() }).strict();

@injectable()
export class DeleteClosureDay implements UseCase<typeof deleteInput, void> {
  static readonly required = MANAGE;
  static readonly input = deleteInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof deleteInput>): Promise<void> {
    const at = this.clock.now().toISOString();
    return this.uow.transaction(async (repos) => {
      const day = (await repos.closureDays.list(actor.tenant.id)).find((d) => d.id === input.id);
      if (!day || !(await repos.closureDays.delete(actor.tenant.id, input.id))) throw notFound('closure day', input.id);
      const moved = await recomputeDueTimes(repos, actor.tenant);
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'closure_day.delete',
        target: `closure_day:${day.id}`,
        at,
        details: { name: day.name, startsOn: day.startsOn, endsOn: day.endsOn, movedTickets: moved },
      });
    });
  }
}

/** The file's whole text: the route reads `text/calendar` into it. */
export const importClosureDaysInput = z
  .object({ calendar: z.string().min(1, { message: 'the calendar file is empty' }) })
  .strict();

/**
 * Reads the school's calendar file (iCalendar: what a school's MIS, Google Calendar or Outlook
 * exports) into closure days: every event from a year back to two years ahead is a closure, added,
 * or updated when an earlier import brought the same event (its UID). Nothing is deleted: a span the
 * file no longer holds is removed by hand. A file that cannot be read imports nothing (400 naming
 * what is wrong with it).
 */
@injectable()
export class ImportClosureDays implements UseCase<
  typeof importClosureDaysInput,
  z.output<typeof closureImportResultSchema>
> {
  static readonly required = MANAGE;
  static readonly input = importClosureDaysInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(CalendarFile) private readonly calendars: CalendarFile,
  ) {}

  async execute(actor: Actor, input: z.output<typeof importClosureDaysInput>) {
    const now = this.clock.now();
    const at = now.toISOString();
    const today = dateInZone(now, actor.tenant.timeZone);
    const window = {
      from: addDays(today, -IMPORT_BACK_DAYS),
      until: addDays(today, IMPORT_AHEAD_DAYS),
      timeZone: actor.tenant.timeZone,
    };
    let spans;
    try {
      spans = this.calendars.spans(input.calendar, window);
    } catch (e) {
      if (e instanceof MalformedCalendar) throw invalidField('calendar', e.message);
      throw e;
    }
    const days: ClosureDay[] = spans.map((s) => ({
      id: this.ids.next(),
      name: s.name,
      // A span longer than a closure may be is cut, as a person entering it would be stopped.
      startsOn: s.startsOn,
      endsOn:
        s.endsOn < addDays(s.startsOn, MAX_CLOSURE_DAYS - 1) ? s.endsOn : addDays(s.startsOn, MAX_CLOSURE_DAYS - 1),
      uid: s.uid.slice(0, 500),
      createdAt: at,
    }));
    return this.uow.transaction(async (repos) => {
      await repos.closureDays.upsert(actor.tenant.id, days);
      const movedTickets = await recomputeDueTimes(repos, actor.tenant);
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: 'closure_day.import',
        target: `tenant:${actor.tenant.slug}`,
        at,
        details: { imported: days.length, from: window.from, until: window.until, movedTickets },
      });
      return { imported: days.length, from: window.from, until: window.until, movedTickets };
    });
  }
}
