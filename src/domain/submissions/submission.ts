import { conflict } from '../shared/errors.js';

export const SUBMISSION_STATUSES = ['NEW', 'ASSIGNED', 'IN_REPAIR', 'RESOLVED', 'CLOSED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const COVERAGES = ['WARRANTY', 'INSURANCE', 'SCHOOL', 'PARENT'] as const;
export type Coverage = (typeof COVERAGES)[number];

/** A repair submission lodged against a serial number of a device or loan of the tenant. */
export interface Submission {
  readonly id: string;
  readonly number: number;
  readonly serial: string;
  readonly description: string;
  readonly reporterId: string | null;
  readonly assigneeId: string | null;
  readonly status: SubmissionStatus;
  readonly coverage: Coverage | null;
  readonly costMinor: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

/** Assignment is allowed from NEW or ASSIGNED (reassignment) and always lands in ASSIGNED. */
export function assign(s: Submission, assigneeId: string, at: string): Submission {
  if (s.status !== 'NEW' && s.status !== 'ASSIGNED') {
    throw conflict(`submission ${s.number} is ${s.status}; only NEW or ASSIGNED submissions can be assigned`);
  }
  return { ...s, assigneeId, status: 'ASSIGNED', updatedAt: at };
}

/** A submission as every surface returns it (the concurrency version stays inside). */
export type SubmissionView = Omit<Submission, 'version'>;
export const toSubmissionView = ({ version: _version, ...view }: Submission): SubmissionView => view;
