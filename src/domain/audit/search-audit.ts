import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { pageInfo, requestedPage } from '../shared/paging.js';
import type { UseCase } from '../shared/use-case.js';
import { id, page, pageSize, text } from '../shared/validation.js';
import { nameAuditEntries, namedAuditEntrySchema } from './audit-names.js';
import { auditBound, auditRange } from './audit-range.js';

export const searchAuditInput = z
  .object({
    /** The actor's id: a user id, an API key id, `cli`... */
    actor: id().optional(),
    /** An action exactly, e.g. `user.update`. */
    action: text(1, 100).optional(),
    /** A target exactly, e.g. `user:<id>`, `loan:12`. */
    target: text(1, 200).optional(),
    from: auditBound().optional(),
    to: auditBound().optional(),
    page: page(),
    pageSize: pageSize(),
  })
  .strict();

/** A page of the audit log, newest first. */
export const auditPageSchema = z.object({
  entries: z.array(namedAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
type AuditPage = z.output<typeof auditPageSchema>;

/**
 * The tenant's audit log, newest first, filtered by actor, action, target and a time range (dates
 * are whole days in the tenant's zone, instants are themselves: audit-range.ts), and paged.
 */
@injectable()
export class SearchAudit implements UseCase<typeof searchAuditInput, AuditPage> {
  static readonly required = ['audit.view'] as const;
  static readonly input = searchAuditInput;

  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, input: z.output<typeof searchAuditInput>): Promise<AuditPage> {
    const range = auditRange(input, actor.tenant.timeZone);
    const paging = requestedPage(input);
    const query = {
      actorId: input.actor,
      action: input.action,
      targets: input.target === undefined ? undefined : [input.target],
      ...range,
    };
    return this.uow.read(async (r) => {
      const found = await r.audit.search(actor.tenant.id, query, paging);
      // The log's readers are the school's administrators: it names everyone its entries refer to.
      const entries = await nameAuditEntries(r, actor, found.items, { people: true });
      return { entries, ...pageInfo(found, paging) };
    });
  }
}
