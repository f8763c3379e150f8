/** One plain-text e-mail. */
export interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

/**
 * Sends e-mail (alerts). Without SMTP_URL the deployment has no mail: `configured` is false and
 * nothing is sent, which SendAlert reports rather than hides.
 */
export abstract class Mailer {
  abstract readonly configured: boolean;
  /** Resolves once the server accepted the message; rejects when it did not (the caller logs it). */
  abstract send(message: MailMessage): Promise<void>;
}
