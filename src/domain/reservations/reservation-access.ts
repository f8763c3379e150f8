import type { Repositories } from '../../ports/repositories.js';
import { inPool } from '../loans/loan-ref.js';
import type { Actor } from '../shared/actor.js';
import { notFound } from '../shared/errors.js';
import { canHandle, type ReservationRow } from './reservation.js';

/**
 * A booking the caller may see and change: of a group in their pool and, without
 * `reservation.manage`, one they made. Any other (another school's too) does not exist for them.
 */
export async function findReservation(
  repos: Repositories,
  actor: Actor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ReservationRow> {
  const row = await repos.reservations.findById(actor.tenant.id, id, opts);
  if (!row || !inPool(actor, row.groupId) || !canHandle(actor, row)) throw notFound('reservation', id);
  return row;
}
