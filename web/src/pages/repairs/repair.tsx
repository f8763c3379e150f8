/** How the console shows a repair (a "submission" in the API), with the repair's moves from the domain itself. */
import type { Coverage, RepairMove, SubmissionStatus as RepairStatus } from '@desk/contract';
import { Badge, type BadgeVocabulary } from '../../ui/badge.js';

export {
  closesWithoutRepair,
  COVERAGES,
  nextRepairStatuses,
  SUBMISSION_STATUSES as REPAIR_STATUSES,
} from '@desk/contract';
export type { Coverage, RepairMove, RepairStatus };

export type { Repair } from '../../api/repairs.js';

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
