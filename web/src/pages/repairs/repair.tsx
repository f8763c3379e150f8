/** A repair (a "submission" in the API) as the console reads it, and the repair's moves (src/domain/submissions). */

export const REPAIR_STATUSES = ['NEW', 'ASSIGNED', 'IN_REPAIR', 'RESOLVED', 'CLOSED'] as const;
export type RepairStatus = (typeof REPAIR_STATUSES)[number];
export const COVERAGES = ['WARRANTY', 'INSURANCE', 'SCHOOL', 'PARENT'] as const;
export type Coverage = (typeof COVERAGES)[number];

export interface Repair {
  readonly id: string;
  readonly number: number;
  readonly serial: string;
  readonly description: string;
  readonly reporterId: string | null;
  readonly assigneeId: string | null;
  readonly status: RepairStatus;
  readonly coverage: Coverage | null;
  readonly costMinor: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const STATUS_LABEL: Readonly<Record<RepairStatus, string>> = {
  NEW: 'New',
  ASSIGNED: 'Assigned',
  IN_REPAIR: 'In repair',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};

export const COVERAGE_LABEL: Readonly<Record<Coverage, string>> = {
  WARRANTY: 'Warranty',
  INSURANCE: 'Insurance',
  SCHOOL: 'The school',
  PARENT: 'Parent',
};

/**
 * Where the status route may take a repair from each status (the domain's MOVES_FROM, turned round):
 * ASSIGNED → IN_REPAIR → RESOLVED → CLOSED, and NEW or ASSIGNED straight to CLOSED (no repair needed,
 * with a note). ASSIGNED itself is reached by assigning.
 */
export const NEXT_STATUSES: Readonly<Record<RepairStatus, readonly RepairStatus[]>> = {
  NEW: ['CLOSED'],
  ASSIGNED: ['IN_REPAIR', 'CLOSED'],
  IN_REPAIR: ['RESOLVED'],
  RESOLVED: ['CLOSED'],
  CLOSED: [],
};

/** Whether moving there closes a repair that was never done (the server then wants a note). */
export const closesWithoutRepair = (from: RepairStatus, to: RepairStatus): boolean =>
  to === 'CLOSED' && (from === 'NEW' || from === 'ASSIGNED');

/** The status as a word in a badge; the badge's colour only repeats what the word says. */
export function RepairStatusBadge(props: { status: RepairStatus }) {
  const tone =
    props.status === 'RESOLVED' || props.status === 'CLOSED'
      ? ' badge-ok'
      : props.status === 'IN_REPAIR'
        ? ' badge-warn'
        : '';
  return <span class={`badge${tone}`}>{STATUS_LABEL[props.status]}</span>;
}
