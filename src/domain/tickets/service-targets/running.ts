/**
 * Which of a ticket's due times are still running (issue 30, point 5): the first answer until the
 * desk gives it (and not once closed), the resolution while the ticket is new or open. Nothing here
 * imports anything, so the browser console imports this very module (through src/contract) rather
 * than keeping a copy of the rule the server sorts and filters by.
 */
type Status = 'NEW' | 'OPEN' | 'PENDING' | 'RESOLVED' | 'CLOSED';

export interface DueFacts {
  readonly status: Status;
  readonly firstRespondedAt: string | null;
  readonly firstResponseDueAt: string | null;
  readonly resolutionDueAt: string | null;
}

/** The statuses in which the resolution clock runs; waiting on the requester and resolved stop it. */
export const RESOLUTION_RUNS: readonly Status[] = ['NEW', 'OPEN'];

/** The first answer's due time while it is still owed, or null. */
export const firstAnswerDue = (t: DueFacts): string | null =>
  t.firstRespondedAt === null && t.status !== 'CLOSED' ? t.firstResponseDueAt : null;

/** The resolution's due time while its clock runs, or null. */
export const resolutionDue = (t: DueFacts): string | null =>
  RESOLUTION_RUNS.includes(t.status) ? t.resolutionDueAt : null;

/** The earliest due time still running: what the queue sorts by and `breached` compares, or null. */
export function nextDueAt(t: DueFacts): string | null {
  const a = firstAnswerDue(t);
  const b = resolutionDue(t);
  // ISO instants of one format compare as strings.
  return a === null ? b : b === null || a <= b ? a : b;
}
