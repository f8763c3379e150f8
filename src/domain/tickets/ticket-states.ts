/**
 * A ticket's statuses and priorities, and where each status may go. Nothing here imports anything,
 * so the browser console imports this very module instead of keeping a copy of the machine.
 */

export const TICKET_STATUSES = ['NEW', 'OPEN', 'PENDING', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** The desk's machine (issue 12): NEW → OPEN → PENDING ↔ OPEN → RESOLVED → CLOSED, and RESOLVED → OPEN (reopen). CLOSED is final. */
export const TICKET_MOVES: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  NEW: ['OPEN'],
  OPEN: ['PENDING', 'RESOLVED'],
  PENDING: ['OPEN'],
  RESOLVED: ['CLOSED', 'OPEN'],
  CLOSED: [],
};

export const canMove = (from: TicketStatus, to: TicketStatus): boolean => TICKET_MOVES[from].includes(to);
