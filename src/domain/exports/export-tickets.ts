import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import type { UseCase } from '../shared/use-case.js';
import { listTicketsInput } from '../tickets/list-tickets.js';
import type { Ticket } from '../tickets/ticket.js';
import { EXPORT_PAGE_ROWS, exportFilename, scanPages, type RecordExport } from './export.js';
import { peopleNamer } from './people-names.js';

/** The queue's filters (ListTickets, the `tickets.list` tool), without paging. */
export const exportTicketsInput = listTicketsInput.omit({ page: true, pageSize: true });

export const TICKET_COLUMNS = [
  'number',
  'createdAt',
  'updatedAt',
  'status',
  'priority',
  'subject',
  'requesterId',
  'requester',
  'assigneeId',
  'assignee',
] as const;

/**
 * `GET /api/export/tickets.csv`: the service-desk queue as the list finds it, newest first, for a
 * spreadsheet (there is no import of tickets). The body and the comments stay in Desk: they are the
 * conversation, often several lines, sometimes personal. `requester` and `assignee` are names when
 * the caller may see people, empty otherwise; the ids are always there.
 */
@injectable()
export class ExportTickets implements UseCase<typeof exportTicketsInput, RecordExport> {
  static readonly required = ['module.servicedesk', 'ticket.view'] as const;
  static readonly input = exportTicketsInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, search: z.output<typeof exportTicketsInput>): Promise<RecordExport> {
    const tenantId = actor.tenant.id;
    const names = peopleNamer(this.uow, actor);
    return {
      filename: exportFilename('tickets', actor, this.clock.now()),
      columns: TICKET_COLUMNS,
      pages: scanPages(
        (before: number | null) => this.uow.read((r) => r.tickets.scan(tenantId, search, before, EXPORT_PAGE_ROWS)),
        (t: Ticket) => t.number,
        async (page) => {
          const name = await names(page.flatMap((t) => [t.requesterId, t.assigneeId]));
          return page.map((t) => [
            String(t.number),
            t.createdAt,
            t.updatedAt,
            t.status,
            t.priority,
            t.subject,
            t.requesterId,
            name(t.requesterId),
            t.assigneeId,
            name(t.assigneeId),
          ]);
        },
      ),
    };
  }
}
