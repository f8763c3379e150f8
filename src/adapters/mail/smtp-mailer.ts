import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { Mailer, type MailMessage } from '../../ports/mailer.js';

/**
 * Alert e-mail through SMTP_URL (`smtp://` with STARTTLS when offered, `smtps://` for implicit
 * TLS; user and password in the URL) by nodemailer, one pooled connection. Timeouts are short: an
 * alert that cannot be handed over in seconds is logged as failed, not queued forever.
 */
export class SmtpMailer extends Mailer {
  readonly configured = true;
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } satisfies SMTPTransport.Options);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: [...message.to],
      subject: message.subject,
      text: message.text,
    });
  }

  close(): void {
    this.transport.close();
  }
}

/** No SMTP_URL: nothing is sent (SendAlert logs that an alert had nowhere to go). */
export class NoMailer extends Mailer {
  readonly configured = false;
  async send(): Promise<void> {}
}
