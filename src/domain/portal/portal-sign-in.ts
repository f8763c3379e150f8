/**
 * Signing in to the requester portal (issue 30, point 1): a one-use link e-mailed to a person of the
 * school, spent for a portal session; the school's single sign-on opens one too (sso/). The cookie
 * carries a random token; only its hash is stored, so a copy of the database signs nobody in.
 */
import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { Mailer } from '../../ports/mailer.js';
import { RateLimiter, type RateLimitPolicy } from '../../ports/rate-limiter.js';
import type { Repositories } from '../../ports/repositories.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { emailInput } from '../identity/user.js';
import { personByAddress } from '../people/own-person.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import type { TenantContext } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { recordChange } from '../shared/record-change.js';
import { text } from '../shared/validation.js';
import { portalSetting } from './portal-setting.js';
import {
  PORTAL_SESSION_TTL_MS,
  SIGN_IN_LINK_TTL_MS,
  type PortalSession,
  type Requester,
  type RequesterVia,
} from './requester.js';

/** 32 random bytes: the token of a link or a session. */
const TOKEN_BYTES = 32;

/**
 * How often a link may be asked for. Per address: three in 15 minutes, counted whether or not the
 * address is known (so the answer's timing and its 429 say nothing about it). Per source address:
 * twenty in 15 minutes, which a school's shared NAT can bear on a busy morning.
 */
export const PORTAL_LINK_POLICIES = {
  address: { name: 'portal-link-address', limit: 3, windowSeconds: 900 },
  source: { name: 'portal-link-source', limit: 20, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitPolicy>;

/** Too many links asked for from one source address. */
export class TooManyLinks extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', 'too many sign-in links asked for from here; try again later');
  }
}

export const signInLinkInput = z
  .object({
    email: emailInput().describe("The person's e-mail address, as the school knows it"),
    school: text(1, 100).optional().describe("The school's short name; needed only on a shared address"),
  })
  .strict();

/** The one answer, whoever asked: it never says whether the address is known. */
export const signInLinkAnswerSchema = z.object({
  message: z.string().describe('What happens next, in words (the same whatever the address)'),
});

const LINK_ANSWER = {
  message:
    'If the address belongs to someone at the school, a sign-in link is on its way to it. It works once, for 15 minutes.',
};

/**
 * Opens a portal session for a person in the caller's transaction, and the token the cookie carries.
 * Old links and sessions of the school go as new ones come (one indexed delete, no sweeper).
 */
export async function openPortalSession(
  repos: Repositories,
  deps: { readonly ids: IdGenerator; readonly secrets: Secrets },
  tenantId: string,
  personId: string,
  via: Exclude<RequesterVia, 'console'>,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  await repos.portal.prune(tenantId, new Date(now.getTime() - 24 * 3600_000).toISOString());
  const token = deps.secrets.randomToken(TOKEN_BYTES);
  const session: PortalSession = {
    id: deps.ids.next(),
    personId,
    via,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + PORTAL_SESSION_TTL_MS).toISOString(),
    revokedAt: null,
  };
  await repos.portal.createSession(tenantId, session, deps.secrets.hash(token));
  return { token, expiresAt: session.expiresAt };
}

/**
 * `POST /api/portal/sign-in-link`: when the school turned links on and the address is one person's
 * of the school (not archived), a link valid for 15 minutes goes to it. The answer is the same in
 * every case; only a source asking too often is told (429). The link's token travels in the URL's
 * fragment, which browsers never send to a server, so it stays out of access logs and Referer headers;
 * the portal page then spends it by POST, which a mail scanner following links never does.
 */
@injectable()
export class RequestSignInLink {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  async execute(
    tenant: TenantContext | null,
    o: { readonly email: string; readonly source: string; readonly portalUrl: string },
  ): Promise<z.output<typeof signInLinkAnswerSchema>> {
    const bySource = await this.limiter.consume(PORTAL_LINK_POLICIES.source, o.source);
    if (!bySource.allowed) throw new TooManyLinks(bySource.resetSeconds);
    const byAddress = await this.limiter.consume(PORTAL_LINK_POLICIES.address, `${tenant?.id ?? '-'}|${o.email}`);
    if (!tenant || !byAddress.allowed) return LINK_ANSWER;
    const now = this.clock.now();
    const token = this.secrets.randomToken(TOKEN_BYTES);
    const person = await this.uow.transaction(async (repos) => {
      const setting = await readSchoolSetting(repos, tenant.id, portalSetting);
      if (!setting.enabled || !setting.signInLinks) return null;
      const found = await personByAddress(repos, tenant.id, o.email);
      if (!found) return null;
      await repos.portal.createLink(tenant.id, {
        tokenHash: this.secrets.hash(token),
        personId: found.id,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS).toISOString(),
        usedAt: null,
      });
      return found;
    });
    if (person && this.mailer.configured) {
      const link = `${o.portalUrl}#token=${token}`;
      await this.mailer.send({
        to: [person.email!],
        fromName: tenant.name,
        subject: `Your sign-in link for ${tenant.name}'s IT help desk`,
        autoSubmitted: 'auto-generated',
        text: [
          `Hello ${person.name},`,
          '',
          `Open this link to sign in to ${tenant.name}'s IT help desk. It works once, for the next 15 minutes:`,
          '',
          link,
          '',
          'If you did not ask for it, you can ignore this e-mail: nobody can sign in without the link.',
        ].join('\n'),
      });
    }
    return LINK_ANSWER;
  }
}

export const spendLinkInput = z
  .object({ token: text(1, 200).describe('The token from the sign-in link (after `#token=`)') })
  .strict();

/** What signing in to the portal answers: when the session ends (the cookie carries it). */
export const portalSignedInSchema = z.object({
  expiresAt: z.string().describe('When the portal session ends'),
});

/**
 * `POST /api/portal/sign-in`: spends a link (once: a second use, a link past its 15 minutes or one of
 * an archived person signs nobody in) and opens a portal session. Audited `portal.sign_in`.
 */
@injectable()
export class SignInWithLink {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(
    hostTenantId: string | null,
    token: string,
  ): Promise<{ tenantId: string; token: string; expiresAt: string }> {
    const now = this.clock.now();
    const at = now.toISOString();
    const refused = () => new DomainError('unauthorized', 'this sign-in link is not valid any more: ask for a new one');
    return this.uow.transaction(async (repos) => {
      const taken = await repos.portal.takeLink(this.secrets.hash(token), at);
      if (!taken) throw refused();
      const { tenantId, link } = taken;
      // A link names its school; on another school's host it signs nobody in (SPEC §4's tenant rule).
      if (hostTenantId !== null && hostTenantId !== tenantId) throw refused();
      const person = await repos.people.findById(tenantId, link.personId);
      const setting = await readSchoolSetting(repos, tenantId, portalSetting);
      if (!person || person.archivedAt !== null || !setting.enabled) throw refused();
      const session = await openPortalSession(
        repos,
        { ids: this.ids, secrets: this.secrets },
        tenantId,
        person.id,
        'link',
        now,
      );
      await recordChange(repos, this.ids, {
        tenantId,
        actor: { type: 'person', id: person.id, via: 'portal (link)' },
        action: 'portal.sign_in',
        target: `person:${person.id}`,
        at,
        details: { via: 'link' },
      });
      return { tenantId, ...session };
    });
  }
}

/** `POST /api/portal/sign-out`: ends the portal session (a console session standing in is the console's). */
@injectable()
export class SignOutOfPortal {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(requester: Requester): Promise<void> {
    if (requester.sessionId === null) return;
    const at = this.clock.now().toISOString();
    await this.uow.transaction((repos) => repos.portal.revokeSession(requester.tenant.id, requester.sessionId!, at));
  }
}

/** What the portal's sign-in page offers on a school's own address: the portal on, and links by e-mail. */
@injectable()
export class GetPortalSignInOptions {
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(tenantId: string): Promise<{ enabled: boolean; signInLinks: boolean }> {
    const setting = await this.uow.read((repos) => readSchoolSetting(repos, tenantId, portalSetting));
    return { enabled: setting.enabled, signInLinks: setting.enabled && setting.signInLinks };
  }
}
