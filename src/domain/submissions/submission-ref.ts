import type { Repositories } from '../../ports/repositories.js';
import { notFound } from '../shared/errors.js';
import { id, positiveInt } from '../shared/validation.js';
import type { Submission } from './submission.js';

/** A submission is addressed by exactly one of its id or its number. */
export const submissionRefFields = {
  id: id().optional().describe('The submission id'),
  number: positiveInt().optional().describe('The submission number'),
};

export async function findSubmission(
  repos: Repositories,
  tenantId: string,
  ref: { id?: string | undefined; number?: number | undefined },
  opts: { forUpdate?: boolean } = {},
): Promise<Submission> {
  const found =
    ref.id !== undefined
      ? await repos.submissions.findById(tenantId, ref.id, opts)
      : await repos.submissions.findByNumber(tenantId, ref.number ?? 0, opts);
  if (!found) throw notFound('submission', ref.id ?? ref.number ?? '');
  return found;
}
