import { z } from 'zod';
import { backFromRepair, changeStatus, type Device } from '../devices/device.js';
import { conflict, invalidField } from '../shared/errors.js';
import { isoInstant, nullableText } from '../shared/validation.js';
import { stateInWords, statesInWords } from '../shared/words.js';
import {
  closesWithoutRepair,
  COVERAGES,
  REPAIR_MOVES_FROM,
  SUBMISSION_STATUSES,
  type Coverage,
  type RepairMove,
  type SubmissionStatus,
} from './repair-states.js';

/** A submission as every surface returns it: the schema published in tool outputs, and its type. */
export const submissionViewSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  serial: z.string(),
  description: z.string(),
  reporterId: nullableText(),
  assigneeId: nullableText(),
  status: z.enum(SUBMISSION_STATUSES),
  coverage: z.enum(COVERAGES).nullable(),
  costMinor: z.number().int().nullable(),
  createdAt: isoInstant(),
  updatedAt: isoInstant(),
});
export type SubmissionView = z.output<typeof submissionViewSchema>;

export const submissionResultSchema = z.object({ submission: submissionViewSchema });

/**
 * A repair submission lodged against a serial number of a device or loan of the tenant, as stored:
 * the view plus the version that guards concurrent changes.
 */
export type Submission = SubmissionView & { readonly version: number };

/** Assignment is allowed from NEW or ASSIGNED (reassignment) and always lands in ASSIGNED. */
export function assign(s: Submission, assigneeId: string, at: string): Submission {
  if (s.status !== 'NEW' && s.status !== 'ASSIGNED') {
    throw conflict(`repair ${s.number} is ${stateInWords(s.status)}: only a new or assigned repair can be assigned`);
  }
  return { ...s, assigneeId, status: 'ASSIGNED', updatedAt: at };
}

// The repair's moves (issue 12; the machine is in repair-states.ts). Each is pure: it returns the
// next submission (and device) or throws.

function refusal(s: Submission, to: RepairMove): string {
  if (s.status === 'CLOSED') return `repair ${s.number} is closed: a closed repair does not change any more`;
  if (s.status === to) return `repair ${s.number} is already ${stateInWords(to)}`;
  return `repair ${s.number} is ${stateInWords(s.status)}: it can go ${stateInWords(to)} only from ${statesInWords(REPAIR_MOVES_FROM[to])}`;
}

/**
 * Moves a submission along the repair. Closing one that was never repaired needs a note saying why
 * (the audit trail is the only place that reason is kept).
 */
export function moveTo(s: Submission, to: RepairMove, at: string, note?: string | null): Submission {
  if (!REPAIR_MOVES_FROM[to].includes(s.status)) throw conflict(refusal(s, to));
  if (closesWithoutRepair(s.status, to) && !note) {
    throw invalidField(
      'note',
      `say why submission ${s.number} closes without a repair (no fault found, a duplicate...)`,
    );
  }
  return { ...s, status: to, updatedAt: at };
}

/** What a repair cost and who paid, given when it is RESOLVED. */
export interface RepairCost {
  readonly amountMinor: number;
  readonly coverage?: Coverage | undefined;
}

/**
 * Sets the cost of a RESOLVED submission and who paid: the coverage given, else the one it was lodged
 * with; a repair whose payer nobody named is refused, naming `cost.coverage`.
 */
export function withCost(s: Submission, cost: RepairCost): Submission {
  if (s.status !== 'RESOLVED') throw invalidField('cost', 'a cost is given only when the repair is RESOLVED');
  const coverage = cost.coverage ?? s.coverage;
  if (coverage === null) {
    throw invalidField('cost.coverage', `say who pays: submission ${s.number} was lodged without a coverage`);
  }
  return { ...s, costMinor: cost.amountMinor, coverage };
}

/**
 * What a repair's move did to the register device with the submission's serial:
 * - `into_repair`: it went IN_REPAIR (remembering its status before);
 * - `back_from_repair`: it went back to the status it had before;
 * - `already_in_repair`: it was IN_REPAIR already (by hand, or for another submission): left as it is;
 * - `retired`: it is RETIRED, for good: left as it is;
 * - `not_in_repair`: the repair ended but someone had taken it out of repair already: left as it is;
 * - `still_in_repair`: the repair ended but another submission of the serial is still IN_REPAIR: it
 *   stays in repair until the last of them ends.
 */
export const DEVICE_OUTCOMES = [
  'into_repair',
  'back_from_repair',
  'already_in_repair',
  'retired',
  'not_in_repair',
  'still_in_repair',
] as const;
export type DeviceOutcome = (typeof DEVICE_OUTCOMES)[number];

/** Whether the device changed (the other outcomes leave it as it was). */
export const deviceMoved = (outcome: DeviceOutcome): boolean =>
  outcome === 'into_repair' || outcome === 'back_from_repair';

/**
 * The register device's side of a move: IN_REPAIR puts it in repair (`changeStatus`), RESOLVED puts
 * it back where it was (`backFromRepair`), CLOSED leaves it alone (null). It never fails the repair:
 * a device it cannot move is left as it is, and the outcome says why. `anotherInHand` says whether another
 * submission of the serial is still IN_REPAIR.
 */
export function repairDevice(
  d: Device,
  to: RepairMove,
  anotherInHand: boolean,
): { device: Device; outcome: DeviceOutcome } | null {
  if (to === 'CLOSED') return null;
  if (d.status === 'RETIRED') return { device: d, outcome: 'retired' };
  if (to === 'IN_REPAIR') {
    return d.status === 'IN_REPAIR'
      ? { device: d, outcome: 'already_in_repair' }
      : { device: changeStatus(d, 'IN_REPAIR'), outcome: 'into_repair' };
  }
  if (d.status !== 'IN_REPAIR') return { device: d, outcome: 'not_in_repair' };
  if (anotherInHand) return { device: d, outcome: 'still_in_repair' };
  return { device: backFromRepair(d), outcome: 'back_from_repair' };
}

/**
 * A submission event's data (SPEC §8: thin): which submission and its state; the description (free
 * text that may name a pupil) and the reporter stay in Desk.
 */
export const submissionEventData = (s: SubmissionView) => ({
  submission: { id: s.id, number: s.number, serial: s.serial, status: s.status, assigneeId: s.assigneeId },
});

/** `submission.status_changed`'s data: the submission event's data plus the status it left. */
export const submissionStatusEventData = (s: SubmissionView, previousStatus: SubmissionStatus) => ({
  submission: { ...submissionEventData(s).submission, previousStatus },
});

/** The view of a stored submission: the concurrency version stays inside. */
export const toSubmissionView = ({ version: _version, ...view }: Submission): SubmissionView => view;
