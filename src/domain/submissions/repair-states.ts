/**
 * A repair submission's statuses, who pays, and where the status route may take it. Nothing here
 * imports anything, so the browser console imports this very module instead of keeping a copy.
 */

export const SUBMISSION_STATUSES = ['NEW', 'ASSIGNED', 'IN_REPAIR', 'RESOLVED', 'CLOSED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const COVERAGES = ['WARRANTY', 'INSURANCE', 'SCHOOL', 'PARENT'] as const;
export type Coverage = (typeof COVERAGES)[number];

/** Where the status route takes a submission; ASSIGNED is reached by assigning it. */
export const REPAIR_MOVES = ['IN_REPAIR', 'RESOLVED', 'CLOSED'] as const;
export type RepairMove = (typeof REPAIR_MOVES)[number];

/**
 * The statuses each move starts from: NEW or ASSIGNED → IN_REPAIR → RESOLVED → CLOSED (a NEW repair
 * taken into repair is assigned to whoever takes it), and NEW or ASSIGNED straight to CLOSED for a
 * submission that needs no repair (no fault found, lodged twice, in error).
 */
export const REPAIR_MOVES_FROM: Readonly<Record<RepairMove, readonly SubmissionStatus[]>> = {
  IN_REPAIR: ['NEW', 'ASSIGNED'],
  RESOLVED: ['IN_REPAIR'],
  CLOSED: ['RESOLVED', 'NEW', 'ASSIGNED'],
};

/** The moves the status route allows from `from`, in the order of REPAIR_MOVES. */
export const nextRepairStatuses = (from: SubmissionStatus): RepairMove[] =>
  REPAIR_MOVES.filter((to) => REPAIR_MOVES_FROM[to].includes(from));

/** Whether this move closes a submission that was never repaired (the route then wants a note). */
export const closesWithoutRepair = (from: SubmissionStatus, to: SubmissionStatus): boolean =>
  to === 'CLOSED' && (from === 'NEW' || from === 'ASSIGNED');
