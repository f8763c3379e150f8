import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../../ports/clock.js';
import { IdGenerator } from '../../../ports/id-generator.js';
import type { Repositories } from '../../../ports/repositories.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { ownPerson } from '../../people/own-person.js';
import type { Actor } from '../../shared/actor.js';
import { conflict } from '../../shared/errors.js';
import { auditActor, recordChange } from '../../shared/record-change.js';
import type { UseCase } from '../../shared/use-case.js';

const REQUIRED = ['module.servicedesk', 'ticket.manage'] as const;

export const staffMailChoiceSchema = z.object({
  newTickets: z.boolean().describe("Hear by e-mail of each new ticket for one of one's teams"),
  replies: z.boolean().describe("Hear by e-mail when a requester answers on a ticket of one's teams"),
  teams: z.array(z.object({ id: z.string(), name: z.string() })).describe('The teams one is a member of'),
});
export type StaffMailChoiceView = z.output<typeof staffMailChoiceSchema>;

/** The signed-in member of staff's own record: their choice is theirs, kept by their person. */
async function staffPerson(repos: Repositories, actor: Actor) {
  const person = await ownPerson(repos, actor);
  if (!person || person.kind !== 'STAFF') {
    throw conflict('your console account is not a member of staff of the school (no staff record with your address)');
  }
  return person;
}

async function view(repos: Repositories, tenantId: string, personId: string): Promise<StaffMailChoiceView> {
  const [choice] = await repos.ticketMessages.staffChoices(tenantId, [personId]);
  const teams = await repos.ticketRouting.listTeams(tenantId);
  return {
    newTickets: choice?.newTickets ?? false,
    replies: choice?.replies ?? false,
    teams: teams.filter((t) => t.members.some((m) => m.personId === personId)).map((t) => ({ id: t.id, name: t.name })),
  };
}

const noInput = z.object({}).strict();

/**
 * `GET /api/me/ticket-mail`: what the signed-in member of staff hears of by e-mail for the tickets of
 * their teams (issue 30, point 3: "if they choose"). Nothing until they choose.
 */
@injectable()
export class GetMyTicketMail implements UseCase<typeof noInput, StaffMailChoiceView> {
  static readonly required = REQUIRED;
  static readonly input = noInput;
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor): Promise<StaffMailChoiceView> {
    return this.uow.read(async (repos) => view(repos, actor.tenant.id, (await staffPerson(repos, actor)).id));
  }
}

export const setMyTicketMailInput = z
  .object({
    newTickets: z.boolean().describe("Hear by e-mail of each new ticket for one of one's teams"),
    replies: z.boolean().describe("Hear by e-mail when a requester answers on a ticket of one's teams"),
  })
  .strict();

/** `PUT /api/me/ticket-mail {newTickets, replies}`: the member of staff's own choice; audited. */
@injectable()
export class SetMyTicketMail implements UseCase<typeof setMyTicketMailInput, StaffMailChoiceView> {
  static readonly required = REQUIRED;
  static readonly input = setMyTicketMailInput;
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, input: z.output<typeof setMyTicketMailInput>): Promise<StaffMailChoiceView> {
    const at = this.clock.now().toISOString();
    const tenantId = actor.tenant.id;
    return this.uow.transaction(async (repos) => {
      const person = await staffPerson(repos, actor);
      await repos.ticketMessages.saveStaffChoice(tenantId, { personId: person.id, ...input, updatedAt: at });
      await recordChange(repos, this.ids, {
        tenantId,
        actor: auditActor(actor),
        action: 'ticket_mail.choose',
        target: `person:${person.id}`,
        at,
        details: { ...input },
      });
      return view(repos, tenantId, person.id);
    });
  }
}
