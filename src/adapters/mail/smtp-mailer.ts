import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { MailNotTaken, Mailer, type MailMessage } from '../../ports/mailer.js';

/** Connections the pool opens at most: a reminder run sends several messages at once over them. */
export const SMTP_POOL_CONNECTIONS = 3;
/** Messages one connection carries before the pool opens a fresh one (relays cap a session). */
const MESSAGES_PER_CONNECTION = 500;

// Socket failures that happen before a connection exists: the message never left.
const UNREACHABLE = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/;

/**
 * E-mail (alerts, reminders) through SMTP_URL (`smtp://` with STARTTLS when offered, `smtps://` for
 * implicit TLS; user and password in the URL) by nodemailer, over one pool of at most
 * SMTP_POOL_CONNECTIONS connections that every message of the process shares, so a reminder run of
 * thousands of messages opens a handful of sessions, not thousands. Timeouts are short: a message
 * that cannot be handed over in seconds fails, and its caller decides what then.
 *
 * A failure is reported as MailNotTaken only when the server certainly did not take the message (it
 * answered with a refusal, or could not be reached); a broken or timed-out connection after that is
 * ambiguous and rejects with the error as it is.
 *
 * nodemailer (some 40 modules) is loaded with the first message, not when the server starts: most
 * servers send none for days, and a server holds what it loaded for as long as it runs.
 */
export class SmtpMailer extends Mailer {
  readonly configured = true;
  private transport: Promise<Transporter<SMTPPool.SentMessageInfo>> | null = null;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {
    super();
  }

  private connect(): Promise<Transporter<SMTPPool.SentMessageInfo>> {
    return (this.transport ??= import('nodemailer').then(({ default: nodemailer }) => {
      const transport = nodemailer.createTransport({
        url: this.smtpUrl,
        pool: true,
        maxConnections: SMTP_POOL_CONNECTIONS,
        maxMessages: MESSAGES_PER_CONNECTION,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } satisfies SMTPPool.Options);
      return transport;
    }));
  }

  async send(message: MailMessage): Promise<void> {
    const transport = await this.connect();
    try {
      await transport.sendMail({
        // MAIL_FROM is a bare address (the configuration checks it): a ticket's mail shows the school's name.
        from: message.fromName ? { name: message.fromName, address: this.from } : this.from,
        to: [...message.to],
        ...(message.bcc?.length ? { bcc: [...message.bcc] } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
        ...(message.references?.length ? { references: [...message.references] } : {}),
        ...(message.autoSubmitted ? { headers: { 'Auto-Submitted': message.autoSubmitted } } : {}),
      });
    } catch (error) {
      throw classify(error);
    }
  }

  override async close(): Promise<void> {
    const transport = this.transport;
    this.transport = null;
    await transport?.then(
      (t) => t.close(),
      () => undefined,
    );
  }
}

function classify(error: unknown): unknown {
  const e = error as { responseCode?: unknown; code?: unknown; message?: unknown };
  if (typeof e?.responseCode === 'number') return new MailNotTaken(String(e.message), e.responseCode);
  if (e?.code === 'EDNS' || UNREACHABLE.test(String(e?.message ?? '')))
    return new MailNotTaken(String(e.message), null);
  return error;
}

/** No SMTP_URL: nothing is sent (SendAlert logs that an alert had nowhere to go). */
export class NoMailer extends Mailer {
  readonly configured = false;
  async send(): Promise<void> {}
}
