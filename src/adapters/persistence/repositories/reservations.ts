import type { BookedSpan, GroupUnit } from '../../../domain/reservations/availability.js';
import type { Reservation, ReservationRow } from '../../../domain/reservations/reservation.js';
import type { Page, PageRequest } from '../../../domain/shared/paging.js';
import type { ReservationFilter, ReservationRepository } from '../../../ports/repositories/reservations.js';
import type { Column, Db } from '../sql/db.js';

const COLUMNS = `r.id, r.group_id AS "groupId", r.quantity, r.fulfilled, r.starts_at AS "from", r.ends_at AS "to",
  r.person_id AS "personId", r.note, r.status, r.created_by_type AS "createdByType",
  r.created_by_id AS "createdById", r.created_at AS "createdAt", r.updated_at AS "updatedAt",
  r.cancelled_at AS "cancelledAt", r.version`;
const JOINED = `${COLUMNS}, g.name AS "groupName", p.name AS "personName"`;
const FROM = `reservations r
  JOIN loan_groups g ON g.id = r.group_id
  LEFT JOIN people p ON p.tenant_id = r.tenant_id AND p.id = r.person_id`;

/** What an update writes (besides moving the version on). */
const changeable: Column<Reservation>[] = [
  ['quantity', 'int', (r) => r.quantity],
  ['fulfilled', 'int', (r) => r.fulfilled],
  ['starts_at', 'text', (r) => r.from],
  ['ends_at', 'text', (r) => r.to],
  ['person_id', 'text', (r) => r.personId],
  ['note', 'text', (r) => r.note],
  ['status', 'text', (r) => r.status],
  ['updated_at', 'text', (r) => r.updatedAt],
  ['cancelled_at', 'text', (r) => r.cancelledAt],
];

const columns = (tenantId: string): Column<Reservation>[] => [
  ['tenant_id', 'text', () => tenantId],
  ['id', 'text', (r) => r.id],
  ['group_id', 'text', (r) => r.groupId],
  ['created_by_type', 'text', (r) => r.createdBy.type],
  ['created_by_id', 'text', (r) => r.createdBy.id],
  ['created_at', 'text', (r) => r.createdAt],
  ['version', 'int', (r) => r.version],
  ...changeable,
];

/** At the version read only: a concurrent change moved it on, and this one changes nothing. */
const UPDATE = `UPDATE reservations SET ${changeable.map(([name]) => `${name} = ?`).join(', ')}, version = version + 1
  WHERE tenant_id = ? AND id = ? AND version = ?`;

type Flat<T> = Omit<T, 'createdBy'> & { createdByType: Reservation['createdBy']['type']; createdById: string };
const unflat = <T extends Reservation>({ createdByType, createdById, ...row }: Flat<T>): T =>
  ({ ...row, createdBy: { type: createdByType, id: createdById } }) as unknown as T;

/**
 * Bookings of loan groups ahead of time (class sets for a lesson), on either dialect: how many units
 * of a group for which window, how many were picked up, who booked and for whom. Instants are UTC ISO
 * text, so text order is time order (their Postgres columns are "C"); ids are ordered bytewise.
 */
export class SqlReservationRepository implements ReservationRepository {
  /** By start, then id bytewise, the same on both dialects. */
  private readonly order: string;

  constructor(private readonly db: Db) {
    this.order = `r.starts_at, ${db.bytewise('r.id')}`;
  }

  insert(tenantId: string, r: Reservation): Promise<void> {
    return this.db.insertMany('reservations', columns(tenantId), [r], 'reservation');
  }

  /** forUpdate locks the booking's row, not its group's or person's (SQLite's writer holds the whole database). */
  async findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<ReservationRow | null> {
    const lock = opts.forUpdate ? this.db.lock('r') : '';
    const row = await this.db.one<Flat<ReservationRow>>(
      `SELECT ${JOINED} FROM ${FROM} WHERE r.tenant_id = ? AND r.id = ?${lock}`,
      [tenantId, id],
    );
    return row && unflat(row);
  }

  async update(tenantId: string, r: Reservation): Promise<boolean> {
    const values = changeable.map(([, , value]) => value(r));
    return (await this.db.run(UPDATE, [...values, tenantId, r.id, r.version])) === 1;
  }

  async list(tenantId: string, filter: ReservationFilter, page: PageRequest): Promise<Page<ReservationRow>> {
    const where = this.db.where().add('r.tenant_id = ?', tenantId);
    if (filter.poolGroupIds !== null) where.in('r.group_id', filter.poolGroupIds);
    if (filter.groupId !== undefined) where.add('r.group_id = ?', filter.groupId);
    if (filter.personId !== undefined) where.add('r.person_id = ?', filter.personId);
    if (filter.createdBy !== undefined) {
      where.add('r.created_by_type = ? AND r.created_by_id = ?', filter.createdBy.type, filter.createdBy.id);
    }
    if (filter.to !== undefined) where.add('r.starts_at < ?', filter.to);
    if (filter.from !== undefined) where.add('r.ends_at > ?', filter.from);
    if (filter.status !== undefined) where.add('r.status = ?', filter.status);
    const found = await this.db.page<Flat<ReservationRow>>({
      columns: JOINED,
      from: FROM,
      where,
      orderBy: this.order,
      page,
    });
    return { items: found.items.map(unflat), total: found.total };
  }

  async activeOverlapping(tenantId: string, groupId: string, from: string, to: string): Promise<Reservation[]> {
    const rows = await this.db.all<Flat<Reservation>>(
      `SELECT ${COLUMNS} FROM reservations r
       WHERE r.tenant_id = ? AND r.group_id = ? AND r.starts_at < ? AND r.ends_at > ? AND r.status = 'ACTIVE'
       ORDER BY ${this.order}`,
      [tenantId, groupId, to, from],
    );
    return rows.map(unflat);
  }

  /** Only the columns the availability sweep reads: a narrow scan of the (group, start) index. */
  spansOf(tenantId: string, groupId: string, from: string, to: string, excludeId = ''): Promise<BookedSpan[]> {
    return this.db.all<BookedSpan>(
      `SELECT starts_at AS "from", ends_at AS "to", quantity - fulfilled AS units FROM reservations
       WHERE tenant_id = ? AND group_id = ? AND starts_at < ? AND ends_at > ? AND status = 'ACTIVE' AND id <> ?`,
      [tenantId, groupId, to, from, excludeId],
    );
  }

  unitsOf(tenantId: string, groupId: string): Promise<GroupUnit[]> {
    return this.db.all<GroupUnit>(
      'SELECT id, status, due_date AS "dueDate" FROM loans WHERE tenant_id = ? AND group_id = ?',
      [tenantId, groupId],
    );
  }
}
