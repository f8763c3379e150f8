import { inject, injectable } from 'inversify';
import { Clock } from '../../../ports/clock.js';
import { JobLock } from '../../../ports/job-lock.js';
import { MailboxClient, MailboxUnavailable, type MailboxSession } from '../../../ports/mailbox-client.js';
import { SecretBox } from '../../../ports/secret-box.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { Tenant } from '../../tenants/tenant.js';
import type { Mailbox } from './mailbox.js';
import { ReceiveMail, type Received } from './receive-mail.js';

/** Messages read from one mailbox per look at most; the rest wait for the next look (straight after: `more`). */
export const PER_LOOK = 50;

/** What one look at one mailbox did, for the log. */
export interface MailboxLook {
  readonly tenantId: string;
  readonly mailboxId: string;
  readonly address: string;
  readonly received: readonly Received[];
  readonly error: string | null;
  /** The look stopped at PER_LOOK with mail still waiting: look again now rather than at the next tick. */
  readonly more: boolean;
}

/**
 * Reads every school's mailboxes (issue 30, point 2): each under its own job lock, so one reader per
 * mailbox whatever the instances. For each message above the last UID done, in UID order: fetched,
 * processed once (ReceiveMail, whose receipt by mailbox, UIDVALIDITY and UID commits with the ticket),
 * then marked seen and moved to the school's processed folder. A restart between the commit and the
 * move finds the receipt and only moves. A new UIDVALIDITY (the server renumbered the inbox) reads
 * it again from the start, and the receipts of the new numbering decide. Desk never deletes mail.
 */
@injectable()
export class WatchMailboxes {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobLock) private readonly lock: JobLock,
    @inject(MailboxClient) private readonly client: MailboxClient,
    @inject(SecretBox) private readonly box: SecretBox,
    @inject(ReceiveMail) private readonly receiver: ReceiveMail,
  ) {}

  async execute(): Promise<MailboxLook[]> {
    const looks: MailboxLook[] = [];
    const tenants = new Map((await this.uow.read((r) => r.tenants.list())).map((t) => [t.id, t]));
    for (const { tenantId, mailbox } of await this.uow.read((r) => r.mailboxes.listAll())) {
      const tenant = tenants.get(tenantId);
      if (!tenant?.modules.includes('servicedesk')) continue;
      const look = await this.lock.runExclusive(`mailbox:${mailbox.id}`, () => this.look(tenant, mailbox));
      if (look.ran) looks.push(look.value);
    }
    return looks;
  }

  private async look(tenant: Tenant, mailbox: Mailbox): Promise<MailboxLook> {
    const received: Received[] = [];
    let session: MailboxSession | null = null;
    let uidValidity = mailbox.uidValidity;
    let lastUid = mailbox.lastUid;
    let error: string | null = null;
    let more = false;
    try {
      session = await this.client.open({
        host: mailbox.host,
        port: mailbox.port,
        username: mailbox.username,
        password: this.box.open(mailbox.secret),
      });
      const validity = session.uidValidity;
      if (validity !== uidValidity) lastUid = 0;
      uidValidity = validity;
      const waiting = await session.messagesAfter(lastUid, PER_LOOK);
      more = waiting.length === PER_LOOK;
      for (const m of waiting) {
        const place = { uidValidity: validity, uid: m.uid };
        const done = await this.uow.read((r) => r.mailboxes.findReceipt(mailbox.id, validity, m.uid));
        if (!done) received.push(await this.receiver.receive(tenant, mailbox, place, await session.fetch(m.uid)));
      }
      // Moved together once all are receipted; progress counts only once they are moved, so a move
      // that fails leaves them to the next look, which finds their receipts and only moves them.
      await session.moveProcessed(
        waiting.map((m) => m.uid),
        mailbox.processedFolder,
      );
      lastUid = waiting.at(-1)?.uid ?? lastUid;
    } catch (e) {
      if (!(e instanceof MailboxUnavailable)) throw e;
      error = e.message;
    } finally {
      await session?.close();
      const at = this.clock.now().toISOString();
      await this.uow.transaction((r) =>
        r.mailboxes.recordProgress(tenant.id, mailbox.id, {
          uidValidity,
          lastUid,
          lastCheckedAt: at,
          lastError: error,
        }),
      );
    }
    return { tenantId: tenant.id, mailboxId: mailbox.id, address: mailbox.address, received, error, more };
  }
}
