import { z } from 'zod';
import { defineSchoolSetting } from '../settings/school-setting.js';
import type { Coverage } from './account-entry.js';
import { MAX_ENTRY_MINOR } from './account-entry.js';

/**
 * The school's insurance terms (issue 23 §4): what a covered pupil still pays per claim, and how
 * many claims a year the cover takes. The defaults (0 and 0) cover nothing until the school says so.
 */
export const insuranceSetting = defineSchoolSetting({
  name: 'insurance',
  title: 'Insurance cover of pupils’ charges',
  required: ['module.people', 'user.manage'],
  schema: z
    .object({
      deductibleMinor: z
        .number()
        .int()
        .min(0)
        .max(MAX_ENTRY_MINOR)
        .default(0)
        .describe('What a covered pupil still pays per claim, in minor units of the school currency'),
      claimsPerYear: z
        .number()
        .int()
        .min(0)
        .max(100)
        .default(0)
        .describe('How many claims a pupil’s cover takes per school year (0: none)'),
    })
    .strict(),
});

export type InsuranceTerms = z.output<typeof insuranceSetting.schema>;

/** What a charge is once cover is applied, and why: a claim, cover whose claims are used up, or none. */
export interface PricedCharge {
  readonly amountMinor: number;
  readonly grossMinor: number;
  readonly coveredMinor: number;
  readonly plan: string | null;
  readonly claimYear: string | null;
  readonly cover: 'claim' | 'no_claims_left' | 'none';
}

/**
 * A charge of `grossMinor` on a pupil with this cover (or none) in `schoolYear`, who already used
 * `claimsUsed` claims that year. A claim reduces it to the deductible; a charge no larger than the
 * deductible uses no claim (the insurer would pay nothing), and beyond the year's claims the pupil
 * pays the whole amount.
 */
export function priceCharge(
  grossMinor: number,
  cover: Coverage | null,
  claimsUsed: number,
  terms: InsuranceTerms,
  schoolYear: string,
): PricedCharge {
  const full = { amountMinor: grossMinor, grossMinor, coveredMinor: 0, claimYear: null };
  if (!cover) return { ...full, plan: null, cover: 'none' };
  if (claimsUsed >= terms.claimsPerYear) return { ...full, plan: cover.plan, cover: 'no_claims_left' };
  if (grossMinor <= terms.deductibleMinor) return { ...full, plan: cover.plan, cover: 'none' };
  return {
    amountMinor: terms.deductibleMinor,
    grossMinor,
    coveredMinor: grossMinor - terms.deductibleMinor,
    plan: cover.plan,
    claimYear: schoolYear,
    cover: 'claim',
  };
}
