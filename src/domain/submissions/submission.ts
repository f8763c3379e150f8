import { z } from 'zod';
import { conflict } from '../shared/errors.js';
import { isoInstant, nullableText } from '../shared/validation.js';

export const SUBMISSION_STATUSES = ['NEW', 'ASSIGNED', 'IN_REPAIR', 'RESOLVED', 'CLOSED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const COVERAGES = ['WARRANTY', 'INSURANCE', 'SCHOOL', 'PARENT'] as const;
export type Coverage = (typeof COVERAGES)[number];

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
    throw conflict(`submission ${s.number} is ${s.status}; only NEW or ASSIGNED submissions can be assigned`);
  }
  return { ...s, assigneeId, status: 'ASSIGNED', updatedAt: at };
}

/**
 * A submission event's data (SPEC §8: thin): which submission and its state; the description (free
 * text that may name a pupil) and the reporter stay in Desk.
 */
export const submissionEventData = (s: SubmissionView) => ({
  submission: { id: s.id, number: s.number, serial: s.serial, status: s.status, assigneeId: s.assigneeId },
});

/** The view of a stored submission: the concurrency version stays inside. */
export const toSubmissionView = ({ version: _version, ...view }: Submission): SubmissionView => view;
