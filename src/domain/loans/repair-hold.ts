import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { conflict } from '../shared/errors.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { loanEventData, restore, toLoanView, withdraw, type Loan } from './loan.js';

/**
 * A loaner in repair is out of the pool (issue 29): withdrawn when its repair goes IN_REPAIR, or
 * when it comes back from its holder while a repair of it is IN_REPAIR, and restored when the repair
 * that withdrew it ends. The withdraw entry names the repair, so only that repair's end restores it:
 * a unit withdrawn by hand (lost) stays withdrawn. Repairs and returns both keep this one rule here.
 */

/**
 * The number of a repair of this serial that is IN_REPAIR, other than `except`, or null. Every return
 * asks this, so it is one indexed read of at most two rows, without a count.
 */
export async function repairInHand(
  repos: Repositories,
  tenantId: string,
  serial: string,
  except?: string,
): Promise<number | null> {
  const found = await repos.submissions.scan(tenantId, { serial, status: 'IN_REPAIR' }, null, 2);
  return found.find((s) => s.id !== except)?.number ?? null;
}

/** The serials with a repair IN_REPAIR: few at any time, read once for a whole group's restore. */
export async function serialsInRepair(repos: Repositories, tenantId: string): Promise<Map<string, number>> {
  const inRepair = new Map<string, number>();
  for (let before: number | null = null; ;) {
    const batch = await repos.submissions.scan(tenantId, { status: 'IN_REPAIR' }, before, 500);
    for (const s of batch) if (!inRepair.has(s.serial)) inRepair.set(s.serial, s.number);
    if (batch.length < 500) return inRepair;
    before = batch[batch.length - 1]!.number;
  }
}

/** Whether the loaner's newest withdrawal was made for this repair (not by hand, not another repair). */
export async function withdrawnFor(repos: Repositories, tenantId: string, loan: Loan, submission: number) {
  const [last] = (
    await repos.audit.search(
      tenantId,
      { targets: [`loan:${loan.number}`], action: 'loan.withdraw' },
      { page: 1, pageSize: 1 },
    )
  ).items;
  return (last?.details as { submission?: unknown } | undefined)?.submission === submission;
}

/**
 * Withdraws an AVAILABLE loaner for a repair, or restores one that repair withdrew, inside the
 * caller's transaction: the write, its audit entry naming the repair, and its event. Answers the
 * loaner as it now is.
 */
export async function moveForRepair(
  repos: Repositories,
  ids: IdGenerator,
  actor: Actor,
  loaner: Loan & { groupName: string },
  move: 'withdraw' | 'restore',
  submission: number,
  now: Date,
): Promise<Loan> {
  const tenantId = actor.tenant.id;
  const next = move === 'withdraw' ? withdraw(loaner) : restore(loaner);
  if (!(await repos.loans.update(tenantId, next))) {
    throw conflict(`loaner ${loaner.number} was changed by someone else; reload and try again`);
  }
  const view = toLoanView(
    { ...next, groupName: loaner.groupName, holderName: null },
    dateInZone(now, actor.tenant.timeZone),
  );
  const action = move === 'withdraw' ? 'loan.withdraw' : 'loan.restore';
  await recordChange(repos, ids, {
    tenantId,
    actor: auditActor(actor),
    action,
    target: `loan:${loaner.number}`,
    at: now.toISOString(),
    details: { from: loaner.status, to: next.status, holderId: null, submission },
    event: { kind: move === 'withdraw' ? 'loan.withdrawn' : 'loan.restored', payload: loanEventData(view) },
  });
  return next;
}
