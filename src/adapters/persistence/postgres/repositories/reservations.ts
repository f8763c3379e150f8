import type { BookedSpan, GroupUnit } from '../../../../domain/reservations/availability.js';
import type { Reservation, ReservationRow } from '../../../../domain/reservations/reservation.js';
import type { Page, PageRequest } from '../../../../domain/shared/paging.js';
import type { ReservationFilter, ReservationRepository } from '../../../../ports/repositories/reservations.js';
import { mapUniqueViolation, pageOf, query, queryOne, Where, type Queryable } from '../sql.js';

const COLUMNS = `r.id, r.group_id AS "groupId", r.quantity, r.fulfilled, r.starts_at AS "from", r.ends_at AS "to",
  r.person_id AS "personId", r.note, r.status, r.created_by_type AS "createdByType",
  r.created_by_id AS "createdById", r.created_at AS "createdAt", r.updated_at AS "updatedAt",
  r.cancelled_at AS "cancelledAt", r.version`;
const JOINED = `${COLUMNS}, g.name AS "groupName", p.name AS "personName"`;
const FROM = `reservations r
  JOIN loan_groups g ON g.id = r.group_id
  LEFT JOIN people p ON p.tenant_id = r.tenant_id AND p.id = r.person_id`;

const UNIQUES = { reservations_pkey: 'reservation' };

type Flat<T> = Omit<T, 'createdBy'> & { createdByType: Reservation['createdBy']['type']; createdById: string };
const unflat = <T extends Reservation>({ createdByType, createdById, ...row }: Flat<T>): T =>
  ({ ...row, createdBy: { type: createdByType, id: createdById } }) as unknown as T;

export class PgReservationRepository implements ReservationRepository {
  constructor(private readonly db: Queryable) {}

  async insert(tenantId: string, r: Reservation): Promise<void> {
    await mapUniqueViolation(
      query(
        this.db,
        `INSERT INTO reservations (tenant_id, id, group_id, quantity, fulfilled, starts_at, ends_at, person_id, note,
           status, created_by_type, created_by_id, created_at, updated_at, cancelled_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
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
        ],
      ),
      UNIQUES,
    );
  }

  async findById(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<ReservationRow | null> {
    const row = await queryOne<Flat<ReservationRow>>(
      this.db,
      `SELECT ${JOINED} FROM ${FROM} WHERE r.tenant_id = $1 AND r.id = $2${opts.forUpdate ? ' FOR UPDATE OF r' : ''}`,
      [tenantId, id],
    );
    return row && unflat(row);
  }

  async update(tenantId: string, r: Reservation): Promise<boolean> {
    const { rowCount } = await query(
      this.db,
      `UPDATE reservations SET quantity = $4, fulfilled = $5, starts_at = $6, ends_at = $7, person_id = $8,
         note = $9, status = $10, updated_at = $11, cancelled_at = $12, version = version + 1
       WHERE tenant_id = $1 AND id = $2 AND version = $3`,
      [
        tenantId,
        r.id,
        r.version,
        r.quantity,
        r.fulfilled,
        r.from,
        r.to,
        r.personId,
        r.note,
        r.status,
        r.updatedAt,
        r.cancelledAt,
      ],
    );
    return rowCount === 1;
  }

  async list(tenantId: string, filter: ReservationFilter, page: PageRequest): Promise<Page<ReservationRow>> {
    const where = new Where().add('r.tenant_id = ?', tenantId);
    if (filter.poolGroupIds !== null) where.add('r.group_id = ANY(?::text[])', filter.poolGroupIds);
    if (filter.groupId !== undefined) where.add('r.group_id = ?', filter.groupId);
    if (filter.personId !== undefined) where.add('r.person_id = ?', filter.personId);
    if (filter.createdBy !== undefined) {
      where.add('r.created_by_type = ? AND r.created_by_id = ?', filter.createdBy.type, filter.createdBy.id);
    }
    if (filter.to !== undefined) where.add('r.starts_at < ?', filter.to);
    if (filter.from !== undefined) where.add('r.ends_at > ?', filter.from);
    if (filter.status !== undefined) where.add('r.status = ?', filter.status);
    const found = await pageOf<Flat<ReservationRow>>(this.db, {
      columns: JOINED,
      from: FROM,
      where,
      orderBy: 'r.starts_at, r.id COLLATE "C"',
      page,
    });
    return { items: found.items.map(unflat), total: found.total };
  }

  async activeOverlapping(tenantId: string, groupId: string, from: string, to: string): Promise<Reservation[]> {
    const { rows } = await query<Flat<Reservation>>(
      this.db,
      `SELECT ${COLUMNS} FROM reservations r
       WHERE r.tenant_id = $1 AND r.group_id = $2 AND r.starts_at < $3 AND r.ends_at > $4 AND r.status = 'ACTIVE'
       ORDER BY r.starts_at, r.id COLLATE "C"`,
      [tenantId, groupId, to, from],
    );
    return rows.map(unflat);
  }

  async spansOf(tenantId: string, groupId: string, from: string, to: string, excludeId = ''): Promise<BookedSpan[]> {
    const { rows } = await query<BookedSpan>(
      this.db,
      `SELECT starts_at AS "from", ends_at AS "to", quantity - fulfilled AS units FROM reservations
       WHERE tenant_id = $1 AND group_id = $2 AND starts_at < $3 AND ends_at > $4 AND status = 'ACTIVE' AND id <> $5`,
      [tenantId, groupId, to, from, excludeId],
    );
    return rows;
  }

  async unitsOf(tenantId: string, groupId: string): Promise<GroupUnit[]> {
    const { rows } = await query<GroupUnit>(
      this.db,
      'SELECT id, status, due_date AS "dueDate" FROM loans WHERE tenant_id = $1 AND group_id = $2',
      [tenantId, groupId],
    );
    return rows;
  }
}
