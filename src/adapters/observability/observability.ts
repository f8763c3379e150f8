import type { Container } from 'inversify';
import { ErrorReporter, NoErrorReporter } from './error-reporter.js';
import { Logger, PinoLogger, type LogLevel } from './logger.js';
import { Metrics } from './metrics.js';

/** What an operator watches: the JSON log, the Prometheus registry and the error tracker. */
export interface Observability {
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly errors: ErrorReporter;
}

/**
 * The container's observability bindings (bootstrap/container.ts binds all three, one of each per
 * process). A container without them — a unit test wiring only what it exercises — gets a logger at
 * `level` on standard error, a registry of its own and no error reporting.
 */
export function observabilityOf(container: Container, level: LogLevel): Observability {
  return {
    log: container.get(Logger, { optional: true }) ?? new PinoLogger(level),
    metrics: container.get(Metrics, { optional: true }) ?? new Metrics({ toolNames: [], rateLimitPolicies: [] }),
    errors: container.get(ErrorReporter, { optional: true }) ?? new NoErrorReporter(),
  };
}
