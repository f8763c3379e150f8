/** A repair (a "submission" in the API) as the console reads it, with the repair's moves from the domain itself. */
import type { Coverage, SubmissionStatus as RepairStatus } from '@desk/contract';

export {
  closesWithoutRepair,
  COVERAGES,
  nextRepairStatuses,
  SUBMISSION_STATUSES as REPAIR_STATUSES,
} from '@desk/contract';
export type { Coverage, RepairStatus };

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
