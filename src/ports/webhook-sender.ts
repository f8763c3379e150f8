/** One signed POST of an event body to a receiver (Standard Webhooks). */
export interface WebhookMessage {
  readonly url: string;
  /** `webhook-id`: the event's own id, stable across attempts. */
  readonly id: string;
  /** `webhook-timestamp`: when this attempt is made. */
  readonly timestamp: Date;
  /** The JSON body, exactly as signed. */
  readonly body: string;
  /** `whsec_…` secrets to sign with: the current one, and the previous one during a rotation. */
  readonly secrets: readonly string[];
}

/** What the receiver did with it. */
export interface WebhookResponse {
  /** The HTTP status, or null when none came (refused address, connection error, timeout). */
  readonly statusCode: number | null;
  readonly durationMs: number;
  /** Why no 2xx came, in words; null on a 2xx. */
  readonly error: string | null;
  /** The receiver's Retry-After, in milliseconds from now, when it sent one. */
  readonly retryAfterMs: number | null;
  /** The address was refused by the outbound rule (no request was made). */
  readonly refused: boolean;
}

/**
 * Sends webhooks: signs per the Standard Webhooks specification, POSTs with a 10-second timeout,
 * follows no redirect, and checks the address against the outbound rule when it connects. Never
 * throws: every failure is a response with an error.
 */
export abstract class WebhookSender {
  abstract send(message: WebhookMessage): Promise<WebhookResponse>;
}
