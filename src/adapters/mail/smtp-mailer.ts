import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { Mailer, type MailMessage } from '../../ports/mailer.js';

/**
 * Alert e-mail through SMTP_URL (`smtp://` with STARTTLS when offered, `smtps://` for implicit
 * TLS; user and password in the URL) by nodemailer, one pooled connection. Timeouts are short: an
 * alert that cannot be handed over in seconds is logged as failed, not queued forever.
 *
 * nodemailer (some 40 modules) is loaded with the first alert, not when the server starts: most
 * servers send none for days, and a server holds what it loaded for as long as it runs.
 */
export class SmtpMailer extends Mailer {
  readonly configured = true;
  private transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | null = null;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {
    super();
  }

  private connect(): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
    return (this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: this.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } satisfies SMTPTransport.Options),
    ));
  }

  async send(message: MailMessage): Promise<void> {
    const transport = await this.connect();
    await transport.sendMail({
      from: this.from,
      to: [...message.to],
      subject: message.subject,
      text: message.text,
    });
  }

  close(): void {
    void this.transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }
}

/** No SMTP_URL: nothing is sent (SendAlert logs that an alert had nowhere to go). */
export class NoMailer extends Mailer {
  readonly configured = false;
  async send(): Promise<void> {}
}
