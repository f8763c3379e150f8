import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { id } from '../shared/validation.js';
import { accountEntrySchema, coverageSchema } from './account-entry.js';
import { currentSchoolYear } from './account-holder.js';
import { insuranceSetting } from './insurance.js';

export const getAccountInput = z.object({ id: id().describe('The person') }).strict();

export const accountSchema = z.object({
  personId: z.string(),
  balanceMinor: z.number().int().describe('What the person owes: charges − payments − waivers'),
  currency: z.string().describe("The school's currency: every amount is in its minor units"),
  entries: z.array(accountEntrySchema).describe('Newest first'),
  schoolYear: z.string().describe('This school year, 2026-2027'),
  coverage: coverageSchema.nullable().describe("This school year's insurance cover, or null"),
  insurance: z.object({
    deductibleMinor: z.number().int(),
    claimsPerYear: z.number().int(),
    claimsUsed: z.number().int().describe('Claims this school year already took'),
  }),
});
export type Account = z.output<typeof accountSchema>;

/** A person's account: every entry, newest first, what they owe, and this year's cover and claims. */
@injectable()
export class GetAccount implements UseCase<typeof getAccountInput, Account> {
  static readonly required = ['module.people', 'charge.manage'] as const;
  static readonly input = getAccountInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, i: z.output<typeof getAccountInput>): Promise<Account> {
    const tenantId = actor.tenant.id;
    const now = this.clock.now();
    return this.uow.read(async (repos) => {
      const person = await repos.people.findById(tenantId, i.id);
      if (!person) throw notFound('person', i.id);
      const schoolYear = await currentSchoolYear(repos, actor, now);
      const [entries, balanceMinor, coverage, terms, claimsUsed] = await Promise.all([
        repos.accounts.entriesOf(tenantId, person.id),
        repos.accounts.balance(tenantId, person.id),
        repos.accounts.coverageOf(tenantId, person.id, schoolYear),
        readSchoolSetting(repos, tenantId, insuranceSetting),
        repos.accounts.claimsUsed(tenantId, person.id, schoolYear),
      ]);
      return {
        personId: person.id,
        balanceMinor,
        currency: actor.tenant.currency,
        entries,
        schoolYear,
        coverage,
        insurance: { ...terms, claimsUsed },
      };
    });
  }
}
