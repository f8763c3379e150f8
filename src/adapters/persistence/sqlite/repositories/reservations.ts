import type { BookedSpan, GroupUnit } from '../../../../domain/reservations/availability.js';
import type { Reservation, ReservationRow } from '../../../../domain/reservations/reservation.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { ReservationFilter, ReservationRepository } from '../../../../ports/repositories/reservations.js';
import { conflictOf, inJson, json, pageOf, Where, type Sql } from '../sql.js';

const COLUMNS = `r.id, r.group_id AS groupId, r.quantity, r.fulfilled, r.starts_at AS "from", r.ends_at AS "to",
  r.person_id AS personId, r.note, r.status, r.created_by_type AS createdByType, r.created_by_id AS createdById,
  r.created_at AS createdAt, r.updated_at AS updatedAt, r.cancelled_at AS cancelledAt, r.version`;
const JOINED = `${COLUMNS}, g.name AS groupName, p.name AS personName`;
const FROM = `reservations r
  JOIN loan_groups g ON g.id = r.group_id
  LEFT JOIN people p ON p.tenant_id = r.tenant_id AND p.id = r.person_id`;

type Flat<T> = Omit<T, 'createdBy'> & { createdByType: Reservation['createdBy']['type']; createdById: string };
const unflat = <T extends Reservation>({ createdByType, createdById, ...row }: Flat<T>): T =>
  ({ ...row, createdBy: { type: createdByType, id: createdById } }) as unknown as T;

export class SqliteReservationRepository implements ReservationRepository {
  constructor(private readonly sql: Sql) {}

  async insert(tenantId: string, r: Reservation): Promise<void> {
    try {
      this.sql.run(
        `INSERT INTO reservations (tenant_id, id, group_id, quantity, fulfilled, starts_at, ends_at, person_id, note,
           status, created_by_type, created_by_id, created_at, updated_at, cancelled_at, version)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        tenantId,
        r.id,
        r.groupId,
        r.quantity,
        r.fulfilled,
        r.from,
        r.to,
        r.personId,
        r.note,
        r.status,
        r.createdBy.type,
        r.createdBy.id,
        r.createdAt,
        r.updatedAt,
        r.cancelledAt,
        r.version,
      );
    } catch (error) {
      throw conflictOf(error, 'reservation', { id: r.id });
    }
  }

  async findById(tenantId: string, id: string): Promise<ReservationRow | null> {
    // SQLite's write transactions already hold the database lock: forUpdate needs nothing more.
    const row = this.sql.get<Flat<ReservationRow>>(
      `SELECT ${JOINED} FROM ${FROM} WHERE r.tenant_id = ? AND r.id = ?`,
      tenantId,
      id,
    );
    return row && unflat(row);
  }

  async update(tenantId: string, r: Reservation): Promise<boolean> {
    return (
      this.sql.run(
        `UPDATE reservations SET quantity = ?, fulfilled = ?, starts_at = ?, ends_at = ?, person_id = ?, note = ?,
           status = ?, updated_at = ?, cancelled_at = ?, version = version + 1
         WHERE tenant_id = ? AND id = ? AND version = ?`,
        r.quantity,
        r.fulfilled,
        r.from,
        r.to,
        r.personId,
        r.note,
        r.status,
        r.updatedAt,
        r.cancelledAt,
        tenantId,
        r.id,
        r.version,
      ).changes === 1
    );
  }

  async list(tenantId: string, filter: ReservationFilter, page: PageRequest): Promise<Page<ReservationRow>> {
    const where = new Where().add('r.tenant_id = ?', tenantId);
    if (filter.poolGroupIds !== null) where.add(inJson('r.group_id'), json(filter.poolGroupIds));
    if (filter.groupId !== undefined) where.add('r.group_id = ?', filter.groupId);
    if (filter.personId !== undefined) where.add('r.person_id = ?', filter.personId);
    if (filter.createdBy !== undefined) {
      where.add('r.created_by_type = ? AND r.created_by_id = ?', filter.createdBy.type, filter.createdBy.id);
    }
    if (filter.to !== undefined) where.add('r.starts_at < ?', filter.to);
    if (filter.from !== undefined) where.add('r.ends_at > ?', filter.from);
    if (filter.status !== undefined) where.add('r.status = ?', filter.status);
    const found = pageOf<Flat<ReservationRow>>(this.sql, {
      columns: JOINED,
      from: FROM,
      where,
      orderBy: 'r.starts_at, r.id',
      page,
    });
    return { items: found.items.map(unflat), total: found.total };
  }

  async activeOverlapping(tenantId: string, groupId: string, from: string, to: string): Promise<Reservation[]> {
    return this.sql
      .all<Flat<Reservation>>(
        `SELECT ${COLUMNS} FROM reservations r
         WHERE r.tenant_id = ? AND r.group_id = ? AND r.starts_at < ? AND r.ends_at > ? AND r.status = 'ACTIVE'
         ORDER BY r.starts_at, r.id`,
        tenantId,
        groupId,
        to,
        from,
      )
      .map(unflat);
  }

  async spansOf(tenantId: string, groupId: string, from: string, to: string, excludeId = ''): Promise<BookedSpan[]> {
    return this.sql.all<BookedSpan>(
      `SELECT starts_at AS "from", ends_at AS "to", quantity - fulfilled AS units FROM reservations
       WHERE tenant_id = ? AND group_id = ? AND starts_at < ? AND ends_at > ? AND status = 'ACTIVE' AND id <> ?`,
      tenantId,
      groupId,
      to,
      from,
      excludeId,
    );
  }

  async unitsOf(tenantId: string, groupId: string): Promise<GroupUnit[]> {
    return this.sql.all<GroupUnit>(
      'SELECT id, status, due_date AS dueDate FROM loans WHERE tenant_id = ? AND group_id = ?',
      tenantId,
      groupId,
    );
  }
}
