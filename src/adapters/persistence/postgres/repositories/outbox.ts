import type { OutboxDialect } from '../../repositories/outbox.js';

/** The channel every instance LISTENs on; a notification carries the tenant id only (pg-event-signal.ts). */
export const EVENTS_CHANNEL = 'desk_events';

/**
 * The outbox's Postgres part: an append NOTIFYs the tenant's id in the insert's own statement, one
 * round trip. NOTIFY is transactional: it reaches the listening instances when (and only if) the
 * append commits. The channel is per schema, so test schemas sharing a database do not wake each other.
 */
export const pgOutbox: OutboxDialect = {
  announced: (insert) => `WITH e AS (${insert} RETURNING tenant_id)
    SELECT pg_notify('${EVENTS_CHANNEL}_' || current_schema(), e.tenant_id) FROM e`,
};
