import type { RoutingRule, StoredTeam, TicketCategory } from '../../../../src/domain/tickets/routing/routing.js';
import type { TicketRoutingRepository } from '../../../../src/ports/repositories/ticket-routing.js';
import { compare, copy, emptyState, findRow, insertOwned, MemoryState, replaceOwned, rowsOf } from './store.js';

const CATEGORY_KEYS = { 'ticket category': (c: TicketCategory) => c.name };
const TEAM_KEYS = { team: (t: StoredTeam) => t.name };

export class MemoryTicketRoutingRepository implements TicketRoutingRepository {
  constructor(private readonly state: MemoryState = emptyState()) {}

  async insertCategory(tenantId: string, category: TicketCategory): Promise<void> {
    insertOwned(this.state.ticketCategories, tenantId, [category], CATEGORY_KEYS);
  }

  async listCategories(tenantId: string): Promise<TicketCategory[]> {
    return rowsOf(this.state.ticketCategories, tenantId)
      .sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id))
      .map(copy);
  }

  async findCategory(tenantId: string, id: string): Promise<TicketCategory | null> {
    return copy(findRow(this.state.ticketCategories, tenantId, id));
  }

  async insertTeam(tenantId: string, team: StoredTeam): Promise<void> {
    insertOwned(this.state.teams, tenantId, [team], TEAM_KEYS);
  }

  async findTeam(tenantId: string, id: string): Promise<StoredTeam | null> {
    return copy(findRow(this.state.teams, tenantId, id));
  }

  async listTeams(tenantId: string): Promise<StoredTeam[]> {
    return rowsOf(this.state.teams, tenantId)
      .sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id))
      .map(copy);
  }

  async updateTeam(tenantId: string, team: StoredTeam): Promise<boolean> {
    return replaceOwned(this.state.teams, tenantId, [team], TEAM_KEYS) === 1;
  }

  async takeTurn(tenantId: string, teamId: string, position: number): Promise<void> {
    const team = findRow(this.state.teams, tenantId, teamId);
    if (team) replaceOwned(this.state.teams, tenantId, [{ ...team, lastTurn: position }], TEAM_KEYS);
  }

  async insertRule(tenantId: string, rule: RoutingRule): Promise<void> {
    insertOwned(this.state.routingRules, tenantId, [rule], {});
  }

  async listRules(tenantId: string): Promise<RoutingRule[]> {
    return rowsOf(this.state.routingRules, tenantId)
      .sort((a, b) => a.position - b.position || compare(a.id, b.id))
      .map(copy);
  }

  async deleteRule(tenantId: string, id: string): Promise<boolean> {
    const at = this.state.routingRules.findIndex((o) => o.tenantId === tenantId && o.row.id === id);
    if (at < 0) return false;
    this.state.routingRules.splice(at, 1);
    return true;
  }
}
