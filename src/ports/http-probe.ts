import type { ProbeFacts } from '../domain/monitors/monitor.js';

/**
 * Checks an http(s) address for a monitor: one GET, no redirects followed, within a timeout. It
 * reports what it saw (a status, or why none came, and for https when the certificate expires) and
 * never throws; judging that is the domain's (monitor.ts `judge`). Connections go only to public
 * addresses unless the operator allows private ones (the same rule as OutboundGuard, applied when
 * the name is resolved).
 */
export abstract class HttpProbe {
  abstract get(url: string): Promise<ProbeFacts>;
}
