import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { Secrets } from '../../ports/secrets.js';
import { SetupLinkWriter } from '../../ports/setup-link-writer.js';
import { Settings } from '../../ports/settings.js';
import type { Actor } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { setupLinkUrl } from './create-setup-link.js';
import { INVITATION_TTL_MS, SETUP_TOKEN_BYTES, type SetupLink } from './setup-link.js';
import type { User } from './user.js';

/** A new invitation: the link is a secret, in the answer that makes it and nowhere else. */
export const invitationSchema = z.object({
  url: z.string().describe('The one-use link that lets the user choose their password (shown once)'),
  expiresAt: z.string(),
});

/** An invitation as the console shows it, once: the link and when it stops working. */
export interface Invitation {
  readonly url: string;
  readonly expiresAt: string;
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
  ) {}

  /** The invitation, for the answer: shown once, never stored or written anywhere. */
  async issue(repos: Repositories, actor: Actor, user: User, at: string): Promise<Invitation> {
    const { url, link } = this.newLink(user, at);
    await this.store(repos, actor, link, 'answer');
    return { url, expiresAt: link.expiresAt };
  }

  /**
   * The invitation written to an owner-only file, inside the transaction: if the file cannot be
   * written, nothing is stored. Only the file's path is returned.
   */
  async issueToFile(repos: Repositories, actor: Actor, user: User, at: string): Promise<InvitationFile> {
    const { url, link } = this.newLink(user, at);
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

  private newLink(user: User, at: string): { url: string; link: SetupLink } {
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
    return { url: setupLinkUrl(this.settings.publicUrl, token), link };
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
