/** One plain-text e-mail. */
export interface MailMessage {
  readonly to: readonly string[];
  /** Blind copies: in the envelope, never in the headers, so no recipient sees these addresses. */
  readonly bcc?: readonly string[];
  readonly subject: string;
  readonly text: string;
  /** The sender's display name (the school's, for a ticket's mail); the address is the deployment's. */
  readonly fromName?: string;
  readonly replyTo?: string;
  /** A thread's headers (RFC 5322): this message's id and the ones it answers, each `<…@…>`. */
  readonly messageId?: string;
  readonly inReplyTo?: string;
  readonly references?: readonly string[];
  /**
   * RFC 3834: `auto-replied` for an acknowledgement, `auto-generated` for a status message, absent
   * for mail a person wrote (a desk's reply), so the requester's own auto-responder stays silent.
   */
  readonly autoSubmitted?: 'auto-replied' | 'auto-generated';
}

/**
 * The server certainly did not take the message: it answered with a refusal (a 4xx or 5xx reply), or
 * it could not be reached at all. Sending it again later cannot make a second copy. Any other
 * failure of `send` (the connection broke or timed out after the message was handed over) is
 * ambiguous: the server may have taken it.
 */
export class MailNotTaken extends Error {
  constructor(
    message: string,
    /** The server's reply code when it answered (451, 550…); null when it could not be reached. */
    readonly responseCode: number | null,
  ) {
    super(message);
    this.name = 'MailNotTaken';
  }
}

/**
 * Sends e-mail (alerts, reminders). Without SMTP_URL the deployment has no mail: `configured` is
 * false and nothing is sent, which SendAlert reports rather than hides.
 */
export abstract class Mailer {
  abstract readonly configured: boolean;
  /**
   * Resolves once the server accepted the message; rejects with MailNotTaken when it certainly did
   * not, with anything else when that is not known (the caller logs it).
   */
  abstract send(message: MailMessage): Promise<void>;
  /** Ends the connections kept open for the next message (a one-shot command, shutdown). */
  async close(): Promise<void> {}
}
