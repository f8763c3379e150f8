import { inject, injectable } from 'inversify';
import { Clock } from '../../ports/clock.js';
import { Secrets } from '../../ports/secrets.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { AccessLookups, lookupOf } from '../identity/access-lookups.js';
import { ownPerson } from '../people/own-person.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import type { Actor } from '../shared/actor.js';
import { portalSetting } from './portal-setting.js';
import { noRequester, type Requester } from './requester.js';

/**
 * Turns the portal cookie into the requester it stands for. The stored session decides (a revoked or
 * expired one signs nobody in), and so does the person as they are now: archived, or without an
 * address any more, they are no requester. A school that turned its portal off signs nobody in.
 */
@injectable()
export class AuthenticateRequester {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(AccessLookups) private readonly lookups: AccessLookups,
  ) {}

  async execute(token: string): Promise<Requester> {
    const now = this.clock.now().toISOString();
    const found = await this.uow.read(async (repos) => {
      const s = await repos.portal.findSession(this.secrets.hash(token));
      if (!s || s.session.revokedAt !== null || s.session.expiresAt <= now) return null;
      const [person, setting] = await Promise.all([
        repos.people.findById(s.tenantId, s.session.personId),
        readSchoolSetting(repos, s.tenantId, portalSetting),
      ]);
      return { ...s, person, setting };
    });
    if (!found || !found.setting.enabled)
      throw noRequester('sign in to the portal first: the session is missing, expired or ended');
    const { tenantId, session, person } = found;
    const tenant = await this.lookups.get(lookupOf.tenant(tenantId), () =>
      this.uow.read((r) => r.tenants.findById(tenantId)),
    );
    if (!tenant || !person || person.archivedAt !== null || !person.email) throw noRequester();
    return {
      tenant,
      person: { id: person.id, name: person.name, kind: person.kind, email: person.email },
      via: session.via,
      sessionId: session.id,
    };
  }
}

/**
 * A member of staff signed in to the console who opens the portal sees it as the requester they
 * are: the one person of the school with their address (people/own-person.ts). A user without one
 * (an administrator with no record of their own) is told so.
 */
@injectable()
export class RequesterOfUser {
  constructor(@inject(UnitOfWork) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor): Promise<Requester> {
    const [person, setting] = await this.uow.read((repos) =>
      Promise.all([ownPerson(repos, actor), readSchoolSetting(repos, actor.tenant.id, portalSetting)]),
    );
    if (!setting.enabled) throw noRequester("the school's portal is turned off");
    if (!person || !person.email) {
      throw noRequester(
        'your console account is not a person of the school (no record with your address): sign in to the portal with your own',
      );
    }
    return {
      tenant: actor.tenant,
      person: { id: person.id, name: person.name, kind: person.kind, email: person.email },
      via: 'console',
      sessionId: null,
    };
  }
}
