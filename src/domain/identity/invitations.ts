import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { Secrets } from '../../ports/secrets.js';
import { SetupLinkWriter } from '../../ports/setup-link-writer.js';
import { Mailer } from '../../ports/mailer.js';
import { Settings } from '../../ports/settings.js';
import type { Actor } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { instantInWords } from '../shared/words.js';
import { schoolBaseUrl } from '../tenants/school-url.js';
import { setupLinkUrl } from './create-setup-link.js';
import { INVITATION_TTL_MS, SETUP_TOKEN_BYTES, type SetupLink } from './setup-link.js';
import type { User } from './user.js';

/** A new invitation: the link is a secret, in the answer that makes it and nowhere else. */
export const invitationSchema = z.object({
  url: z.string().describe('The one-use link that lets the user choose their password (shown once)'),
  expiresAt: z.string(),
  emailed: z
    .boolean()
    .describe('Whether the link was also e-mailed to the user (only when the deployment has mail: SMTP_URL)'),
});

/** An invitation as the console shows it, once: the link, when it stops working, and whether it went by mail. */
export interface Invitation {
  readonly url: string;
  readonly expiresAt: string;
  readonly emailed: boolean;
}

/** An invitation the operator made at the CLI: only where its owner-only file is. */
export interface InvitationFile {
  readonly path: string;
  readonly expiresAt: string;
}

/**
 * A user's invitation: a one-use link (the setup-link mechanism: 256 random bits, only the hash
 * stored) that lets them choose their password, valid seven days and replacing any open link of the
 * user. Issued in the caller's transaction, audited `user.invite` without the link. The token leaves
 * only in the answer (the console) or in an owner-only file (the operator at the CLI), never both.
 */
@injectable()
export class Invitations {
  constructor(
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Secrets) private readonly secrets: Secrets,
    @inject(SetupLinkWriter) private readonly writer: SetupLinkWriter,
    @inject(Settings) private readonly settings: Settings,
    @inject(Mailer) private readonly mailer: Mailer,
  ) {}

  /**
   * The invitation, for the answer: shown once, never stored or written anywhere. `emailed` is false
   * here; `mail`, after the commit, sends it and says whether it went.
   */
  async issue(repos: Repositories, actor: Actor, user: User, at: string): Promise<Invitation> {
    const { url, link } = this.newLink(actor, user, at);
    await this.store(repos, actor, link, 'answer');
    return { url, expiresAt: link.expiresAt, emailed: false };
  }

  /**
   * E-mails a committed invitation to its user when the deployment has mail. Never fails the
   * invitation: a refused or lost message answers `emailed: false`, and the link is still shown once
   * to the administrator who made it, to pass on another way. The mail holds the link, so it goes
   * only to the user's own address.
   */
  async mail(actor: Actor, user: Pick<User, 'email' | 'name'>, invitation: Invitation): Promise<Invitation> {
    if (!this.mailer.configured) return invitation;
    const until = instantInWords(invitation.expiresAt, actor.tenant.timeZone);
    try {
      await this.mailer.send({
        to: [user.email],
        subject: `Your Desk account at ${actor.tenant.name}`,
        text:
          `Hello ${user.name},\n\n` +
          `An account at ${actor.tenant.name}'s IT desk was made for you. Choose your password here ` +
          `(the link works once, until ${until}):\n\n${invitation.url}\n\n` +
          'If you did not expect this, you can ignore this message.\n',
      });
      return { ...invitation, emailed: true };
    } catch {
      return invitation;
    }
  }

  /**
   * The invitation written to an owner-only file, inside the transaction: if the file cannot be
   * written, nothing is stored. Only the file's path is returned.
   */
  async issueToFile(repos: Repositories, actor: Actor, user: User, at: string): Promise<InvitationFile> {
    const { url, link } = this.newLink(actor, user, at);
    const path = await this.writer.write({
      purpose: 'invitation',
      userId: user.id,
      url,
      email: user.email,
      tenantName: actor.tenant.name,
      expiresAt: link.expiresAt,
    });
    await this.store(repos, actor, { ...link, filePath: path }, 'file');
    return { path, expiresAt: link.expiresAt };
  }

  private newLink(actor: Actor, user: User, at: string): { url: string; link: SetupLink } {
    const token = this.secrets.randomToken(SETUP_TOKEN_BYTES);
    const link: SetupLink = {
      id: this.ids.next(),
      purpose: 'invitation',
      userId: user.id,
      tokenHash: this.secrets.hash(token),
      filePath: null,
      createdAt: at,
      expiresAt: new Date(Date.parse(at) + INVITATION_TTL_MS).toISOString(),
      usedAt: null,
      replacedAt: null,
    };
    return { url: setupLinkUrl(schoolBaseUrl(this.settings.publicUrl, actor.tenant.hosts), token), link };
  }

  private async store(repos: Repositories, actor: Actor, link: SetupLink, delivery: 'answer' | 'file') {
    const tenantId = actor.tenant.id;
    await repos.setupLinks.replaceOpen(tenantId, link.userId, link.createdAt);
    await repos.setupLinks.create(tenantId, link);
    await recordChange(repos, this.ids, {
      tenantId,
      actor: auditActor(actor),
      action: 'user.invite',
      target: `user:${link.userId}`,
      at: link.createdAt,
      details: { linkId: link.id, expiresAt: link.expiresAt, delivery },
    });
  }
}
