/** A repair (a "submission" in the API) as the console reads it, with the repair's moves from the domain itself. */
import type { Coverage, SubmissionStatus as RepairStatus } from '@desk/contract';
import { Badge, type BadgeVocabulary } from '../../ui/badge.js';

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

export const REPAIR_STATUS: BadgeVocabulary<RepairStatus> = {
  label: STATUS_LABEL,
  tone: { RESOLVED: 'ok', CLOSED: 'ok', IN_REPAIR: 'warn' },
};

export const RepairStatusBadge = (props: { status: RepairStatus }) => <Badge of={REPAIR_STATUS} value={props.status} />;
