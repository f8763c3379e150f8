import { z } from 'zod';
import type { Repositories } from '../../ports/repositories.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { currencyDecimals, formatMinorUnits } from '../shared/money.js';
import { defineSchoolSetting, readSchoolSetting } from '../settings/school-setting.js';
import { agreementOn } from '../people/current-agreement.js';

import { CHECKOUT_CODES, CHECKOUT_MODES, CHECKOUT_RULES, type CheckoutReason } from './checkout-rules.js';

const mode = () =>
  z.enum(CHECKOUT_MODES).default('off').describe('off: not checked; warn: issue once confirmed; block: never issue');

/**
 * The school's checks at the desk (issue 23, section 5): what is looked at when a loan is issued, on
 * every surface (console, scan desk, actions, MCP), and whether it warns or blocks.
 */
export const checkoutSetting = defineSchoolSetting({
  name: 'checkout',
  title: 'The checks at the desk when a loan is issued',
  required: ['module.loans', 'user.manage'],
  schema: z
    .object({
      agreement: z
        .object({ mode: mode() })
        .strict()
        .default({ mode: 'off' })
        .describe("A pupil without this school year's acceptable-use agreement on file"),
      balance: z
        .object({
          mode: mode(),
          aboveMinor: z
            .number()
            .int()
            .min(0)
            .max(100_000_000_000)
            .default(0)
            .describe('An outstanding balance above this, in minor units, is checked'),
        })
        .strict()
        .default({ mode: 'off', aboveMinor: 0 })
        .describe('An outstanding balance on the holder’s account above an amount'),
      loans: z
        .object({
          mode: mode(),
          atMost: z.number().int().min(1).max(100).default(1).describe('This many loans out already is checked'),
        })
        .strict()
        .default({ mode: 'off', atMost: 1 })
        .describe('The holder already has this many loans or more out'),
    })
    .strict(),
});
export type CheckoutRules = z.output<typeof checkoutSetting.schema>;

/** Why a check spoke (checkout-rules.ts), as a schema. */
export const checkoutReasonSchema = z.object({
  rule: z.enum(CHECKOUT_RULES),
  mode: z.enum(['warn', 'block']),
  message: z.string(),
}) satisfies z.ZodType<CheckoutReason>;

/** What the rules look at, gathered only for the rules that are on. */
export interface CheckoutFacts {
  readonly pupil: boolean;
  /** Whether this school year's agreement is on file (pupils only). */
  readonly agreement?: boolean;
  /** The holder's outstanding balance, in minor units. */
  readonly balanceMinor?: number;
  /** Loans the holder has out now. */
  readonly loansOut?: number;
}

/** The reasons these rules give for these facts, in the order the rules are listed. Pure. */
export function checkoutReasons(rules: CheckoutRules, facts: CheckoutFacts, currency: string): CheckoutReason[] {
  const reasons: CheckoutReason[] = [];
  const { agreement, balance, loans } = rules;
  if (agreement.mode !== 'off' && facts.pupil && facts.agreement === false) {
    reasons.push({
      rule: 'agreement',
      mode: agreement.mode,
      message: 'no acceptable-use agreement is on file for this school year',
    });
  }
  if (balance.mode !== 'off' && (facts.balanceMinor ?? 0) > balance.aboveMinor) {
    const decimals = currencyDecimals(currency);
    reasons.push({
      rule: 'balance',
      mode: balance.mode,
      message: `an outstanding balance of ${formatMinorUnits(facts.balanceMinor ?? 0, decimals)} ${currency} (above ${formatMinorUnits(balance.aboveMinor, decimals)})`,
    });
  }
  if (loans.mode !== 'off' && (facts.loansOut ?? 0) >= loans.atMost) {
    reasons.push({
      rule: 'loans',
      mode: loans.mode,
      message: `${facts.loansOut} loan${facts.loansOut === 1 ? '' : 's'} out already (the school checks at ${loans.atMost})`,
    });
  }
  return reasons;
}

const sentence = (reasons: readonly CheckoutReason[]) => reasons.map((r) => r.message).join('; ');

/**
 * Runs the school's checks for issuing to `holder`, inside the transaction: a block refuses
 * (409, code `checkout_blocked`) whatever was confirmed; a warning refuses (409, code
 * `confirmation_required`) until the same request comes again with `confirm: true`. Returns the
 * warnings that were confirmed, for the audit entry. With every rule off it reads nothing else.
 */
export async function runCheckoutChecks(
  repos: Repositories,
  actor: Actor,
  holder: Pick<Person, 'id' | 'name' | 'kind'>,
  confirm: boolean,
  today: string,
): Promise<CheckoutReason[]> {
  const tenantId = actor.tenant.id;
  const rules = await readSchoolSetting(repos, tenantId, checkoutSetting);
  const pupil = holder.kind === 'PUPIL';
  const facts: { -readonly [K in keyof CheckoutFacts]: CheckoutFacts[K] } = { pupil };
  if (rules.agreement.mode !== 'off' && pupil) {
    facts.agreement = (await agreementOn(repos, tenantId, holder.id, today)) !== null;
  }
  if (rules.balance.mode !== 'off') facts.balanceMinor = await repos.accounts.balance(tenantId, holder.id);
  if (rules.loans.mode !== 'off') facts.loansOut = (await repos.loans.listHeldBy(tenantId, holder.id)).length;

  const reasons = checkoutReasons(rules, facts, actor.tenant.currency);
  const blocks = reasons.filter((r) => r.mode === 'block');
  if (blocks.length > 0) {
    throw new DomainError('conflict', `not issued to ${holder.name}: ${sentence(blocks)}`, [], {
      code: CHECKOUT_CODES.block,
      reasons,
    });
  }
  if (reasons.length > 0 && !confirm) {
    throw new DomainError(
      'confirmation_required',
      `${holder.name} has ${sentence(reasons)}: send the same request again with "confirm": true to issue anyway`,
      [],
      { code: CHECKOUT_CODES.warn, reasons },
    );
  }
  return reasons;
}
