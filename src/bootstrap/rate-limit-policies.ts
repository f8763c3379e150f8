import type { RateLimitPolicies } from '../adapters/http/middleware/rate-limit.js';
import { OAUTH_RATE_LIMIT_POLICIES, registrationQuotas } from '../adapters/http/routes/oauth.js';
import type { DeskConfig } from '../config/index.js';
import { SIGN_IN_POLICIES } from '../domain/identity/sign-in.js';
import { PORTAL_LINK_POLICIES } from '../domain/portal/portal-sign-in.js';

/** Every configured limit is per minute (SPEC §2). */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

/** The HTTP surfaces' policies the configuration sets; a limit of 0 turns one off. */
export const rateLimitPolicies = (config: Pick<DeskConfig, 'rateLimits'>): RateLimitPolicies => ({
  mcp: { name: 'mcp', limit: config.rateLimits.mcp, windowSeconds: RATE_LIMIT_WINDOW_SECONDS },
  actions: { name: 'actions', limit: config.rateLimits.actions, windowSeconds: RATE_LIMIT_WINDOW_SECONDS },
  v1: { name: 'v1', limit: config.rateLimits.v1, windowSeconds: RATE_LIMIT_WINDOW_SECONDS },
  sso: { name: 'sso-start', limit: config.rateLimits.sso, windowSeconds: RATE_LIMIT_WINDOW_SECONDS },
});

/** Every policy's name, for the metrics that count refusals (the sign-in lockouts and OAuth's included). */
export const rateLimitPolicyNames = (config: Pick<DeskConfig, 'rateLimits' | 'oauthRegistrations'>): string[] =>
  [
    ...Object.values(rateLimitPolicies(config)),
    ...Object.values(SIGN_IN_POLICIES),
    // A portal link asked too often from one source is refused (429); per address it is silent.
    PORTAL_LINK_POLICIES.source,
    ...OAUTH_RATE_LIMIT_POLICIES,
    ...Object.values(registrationQuotas(config)),
  ].map((p) => p.name);
