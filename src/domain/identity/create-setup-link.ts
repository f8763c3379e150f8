import { inject, injectable } from 'inversify';
import { schoolBaseUrl } from '../tenants/school-url.js';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import { Secrets } from '../../ports/secrets.js';
import { SetupLinkWriter } from '../../ports/setup-link-writer.js';
import { Settings } from '../../ports/settings.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { DomainError } from '../shared/errors.js';
import { recordChange } from '../shared/record-change.js';
import { SETUP_LINK_TTL_MS, SETUP_TOKEN_BYTES, type SetupLink } from './setup-link.js';
import { parseInput } from '../shared/validation.js';
import { emailInput, type User } from './user.js';

export const setupLinkUrl = (publicUrl: string, token: string): string => `${publicUrl}/setup#token=${token}`;

/**
 * Administrator recovery (SPEC §9): a one-use, four-hour link for exactly one active school
 * administrator, written to an owner-only file. Replaces any earlier link; leaves the password alone.
 * Returns only the file's path: the token never leaves this method in any other way.
 */
@injectable()
export class CreateSetupLink {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(SetupLinkWriter) private readonly writer: SetupLinkWriter,
    @inject(Settings) private readonly settings: Settings,
  ) {}

  async execute(input: { email: string; tenantSlug?: string | undefined }): Promise<{ path: string }> {
    const email = parseInput(emailInput(), input.email);
    const { tenantId, tenantName, tenantHosts, user } = await this.findAdministrator(email, input.tenantSlug);
    const now = this.clock.now();
    const token = this.secrets.randomToken(SETUP_TOKEN_BYTES);
    const url = setupLinkUrl(schoolBaseUrl(this.settings.publicUrl, tenantHosts), token);
    const link: SetupLink = {
      id: this.ids.next(),
      purpose: 'recovery',
      userId: user.id,
      tokenHash: this.secrets.hash(token),
      filePath: null,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SETUP_LINK_TTL_MS).toISOString(),
      usedAt: null,
      replacedAt: null,
    };
    // The file is written inside the transaction: if it cannot be written, no link is stored.
    return this.uow.transaction(async (repos) => {
      await repos.setupLinks.replaceOpen(tenantId, user.id, link.createdAt);
      const path = await this.writer.write({
        purpose: 'recovery',
        userId: user.id,
        url,
        email: user.email,
        tenantName,
        expiresAt: link.expiresAt,
      });
      await repos.setupLinks.create(tenantId, { ...link, filePath: path });
      await recordChange(repos, this.ids, {
        tenantId,
        actor: { type: 'operator', id: 'cli' },
        action: 'setup_link.create',
        target: `user:${user.id}`,
        at: link.createdAt,
        details: { linkId: link.id, expiresAt: link.expiresAt },
      });
      return { path };
    });
  }

  private async findAdministrator(email: string, tenantSlug: string | undefined) {
    const matches = await this.uow.read(async (r) => {
      const all = await r.users.findActiveAdminsByEmail(email);
      if (tenantSlug === undefined) return all;
      const tenant = await r.tenants.findBySlug(tenantSlug);
      if (!tenant) throw new DomainError('not_found', `tenant ${tenantSlug} was not found`);
      return all.filter((m) => m.tenantId === tenant.id);
    });
    if (matches.length === 0) {
      throw new DomainError('not_found', `no active school administrator has the address ${email}`);
    }
    if (matches.length > 1) {
      throw new DomainError(
        'conflict',
        `${email} is a school administrator in ${matches.length} tenants: name one with --tenant`,
      );
    }
    const { tenantId, user } = matches[0] as { tenantId: string; user: User };
    const tenant = await this.uow.read((r) => r.tenants.findById(tenantId));
    return { tenantId, tenantName: tenant?.name ?? '', tenantHosts: tenant?.hosts ?? [], user };
  }
}
