/**
 * The vocabulary of the checks at the desk (checkout-checks.ts), imported by nothing but plain data
 * so the browser console shares it (src/contract): the rules, their modes, and the shape of a reason
 * a 409 lists.
 */
export const CHECKOUT_RULES = ['agreement', 'balance', 'loans'] as const;
export type CheckoutRule = (typeof CHECKOUT_RULES)[number];

export const CHECKOUT_MODES = ['off', 'warn', 'block'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

/** Why a check spoke when a loan was issued: which rule, whether it warns or blocks, in the desk's words. */
export interface CheckoutReason {
  readonly rule: CheckoutRule;
  readonly mode: Exclude<CheckoutMode, 'off'>;
  readonly message: string;
}

/** The `code` of a 409 from the checks: a warning to confirm, or a block no confirmation lifts. */
export const CHECKOUT_CODES = { warn: 'confirmation_required', block: 'checkout_blocked' } as const;
