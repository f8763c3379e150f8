import type { ClockedTicket, TicketClock } from '../../domain/tickets/service-targets/clock.js';

/** A ticket with its clock, as the service-target work reads and writes them together. */
export interface ClockedRow {
  readonly ticket: ClockedTicket & {
    readonly id: string;
    readonly number: number;
    readonly subject: string;
    readonly teamId: string | null;
    readonly assigneeId: string | null;
  };
  readonly clock: TicketClock;
}

/**
 * Tickets' service clocks (issue 30, point 5), one per ticket, and the due times they set on the
 * ticket (its `firstResponseDueAt`, `firstRespondedAt`, `resolutionDueAt`, and the earliest running
 * one the queue sorts by).
 */
export abstract class TicketClockRepository {
  abstract find(tenantId: string, ticketId: string): Promise<TicketClock | null>;
  /** Inserts clocks of tickets that have none (a seed's). */
  abstract insertMany(tenantId: string, clocks: readonly TicketClock[]): Promise<void>;
  /** Inserts or replaces the clock. */
  abstract save(tenantId: string, clock: TicketClock): Promise<void>;
  /** Up to `limit` clocks whose next check is at or before `now`, of every tenant, earliest first. */
  abstract due(now: string, limit: number): Promise<{ tenantId: string; ticketId: string }[]>;
  /** One ticket with its clock; `forUpdate` locks the ticket. */
  abstract findRow(tenantId: string, ticketId: string, opts?: { forUpdate?: boolean }): Promise<ClockedRow | null>;
  /**
   * The tenant's tickets whose due times a new calendar or new targets can move: not closed, and
   * either not yet answered or with the resolution clock running.
   */
  abstract listActive(tenantId: string): Promise<ClockedRow[]>;
  /** Writes each row's due times on its ticket and its clock, in one statement per table and batch. */
  abstract saveRows(tenantId: string, rows: readonly ClockedRow[]): Promise<void>;
}
