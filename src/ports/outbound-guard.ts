/**
 * Decides whether Desk may call a URL that a tenant gave it (a webhook, a monitor): http or https
 * only, and unless the operator allows private receivers (WEBHOOK_ALLOW_PRIVATE), never an address
 * that is loopback, private, link-local (cloud metadata) or otherwise not public. Checked when the
 * URL is registered and again when it is called, since DNS can change in between.
 */
export abstract class OutboundGuard {
  /** Null when the URL may be called now; otherwise why not, in words for the person who gave it. */
  abstract refusal(url: string): Promise<string | null>;
}
