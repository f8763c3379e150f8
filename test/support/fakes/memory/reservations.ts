import type { BookedSpan, GroupUnit } from '../../../../src/domain/reservations/availability.js';
import type { Reservation, ReservationRow } from '../../../../src/domain/reservations/reservation.js';
import type { Page, PageRequest } from '../../../../src/domain/shared/paging.js';
import type { ReservationFilter, ReservationRepository } from '../../../../src/ports/repositories/reservations.js';
import { compare, copy, emptyState, findRow, insertOwned, matches, pageOf, rowsOf, type MemoryState } from './store.js';

const byStart = (a: Reservation, b: Reservation) => compare(a.from, b.from) || compare(a.id, b.id);

export class MemoryReservationRepository implements ReservationRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insert(tenantId: string, reservation: Reservation): Promise<void> {
    insertOwned(this.state.reservations, tenantId, [reservation], {});
  }

  private joined(tenantId: string, r: Reservation): ReservationRow {
    const group = findRow(this.state.loanGroups, tenantId, r.groupId);
    const person = r.personId === null ? null : findRow(this.state.people, tenantId, r.personId);
    return { ...copy(r), groupName: group?.name ?? '', personName: person?.name ?? null };
  }

  async findById(tenantId: string, id: string): Promise<ReservationRow | null> {
    const r = findRow(this.state.reservations, tenantId, id);
    return r && this.joined(tenantId, r);
  }

  async update(tenantId: string, reservation: Reservation): Promise<boolean> {
    const i = this.state.reservations.findIndex((o) => o.tenantId === tenantId && o.row.id === reservation.id);
    if (i < 0 || this.state.reservations[i]!.row.version !== reservation.version) return false;
    this.state.reservations[i] = { tenantId, row: copy({ ...reservation, version: reservation.version + 1 }) };
    return true;
  }

  async list(tenantId: string, f: ReservationFilter, page: PageRequest): Promise<Page<ReservationRow>> {
    const rows = rowsOf(this.state.reservations, tenantId)
      .filter(
        (r) =>
          (f.poolGroupIds === null || f.poolGroupIds.includes(r.groupId)) &&
          matches(f.groupId, r.groupId) &&
          matches(f.personId, r.personId ?? undefined) &&
          matches(f.status, r.status) &&
          (f.createdBy === undefined || (r.createdBy.type === f.createdBy.type && r.createdBy.id === f.createdBy.id)) &&
          (f.to === undefined || r.from < f.to) &&
          (f.from === undefined || r.to > f.from),
      )
      .sort(byStart)
      .map((r) => this.joined(tenantId, r));
    return pageOf(rows, page);
  }

  async activeOverlapping(tenantId: string, groupId: string, from: string, to: string): Promise<Reservation[]> {
    return rowsOf(this.state.reservations, tenantId)
      .filter((r) => r.groupId === groupId && r.status === 'ACTIVE' && r.from < to && r.to > from)
      .sort(byStart)
      .map(copy);
  }

  async spansOf(tenantId: string, groupId: string, from: string, to: string, excludeId = ''): Promise<BookedSpan[]> {
    return (await this.activeOverlapping(tenantId, groupId, from, to))
      .filter((r) => r.id !== excludeId)
      .map((r) => ({ from: r.from, to: r.to, units: r.quantity - r.fulfilled }));
  }

  async unitsOf(tenantId: string, groupId: string): Promise<GroupUnit[]> {
    return rowsOf(this.state.loans, tenantId)
      .filter((l) => l.groupId === groupId)
      .map((l) => ({ id: l.id, status: l.status, dueDate: l.dueDate }));
  }
}
