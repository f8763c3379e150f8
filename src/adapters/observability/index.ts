/**
 * The observability adapter's public face: the JSON log (pino), Prometheus metrics (prom-client), the
 * error tracker (Sentry, whose SDK loads only when SENTRY_DSN is set), and the scrubbing and
 * throttling every log line goes through.
 */
export { ErrorReporter, NoErrorReporter, type ErrorContext } from './error-reporter.js';
export { Logger, PinoLogger, type LogDestination, type LogFields, type LogLevel, type RequestLine } from './logger.js';
export { PromEventMetrics } from './event-metrics.js';
export { Metrics, UNMATCHED_ROUTE, type RequestObserver, type ToolCallOutcome } from './metrics.js';
export { observabilityOf, type Observability } from './observability.js';
export { createScrubber, scrubSecrets, type Scrub } from './scrub.js';
export { SentryErrorReporter } from './sentry-error-reporter.js';
export { throttled } from './throttle.js';
