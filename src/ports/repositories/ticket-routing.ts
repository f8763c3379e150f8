import type { RoutingRule, StoredTeam, TicketCategory } from '../../domain/tickets/routing/routing.js';

/** A school's ticket categories, teams and routing rules (issue 30, point 4). */
export abstract class TicketRoutingRepository {
  /** A name another category of the tenant has → conflict. */
  abstract insertCategory(tenantId: string, category: TicketCategory): Promise<void>;
  /** Ordered by name. */
  abstract listCategories(tenantId: string): Promise<TicketCategory[]>;
  abstract findCategory(tenantId: string, id: string): Promise<TicketCategory | null>;

  /** A name another team of the tenant has → conflict. */
  abstract insertTeam(tenantId: string, team: StoredTeam): Promise<void>;
  /** `forUpdate` locks the team: its turns are taken one at a time. */
  abstract findTeam(tenantId: string, id: string, opts?: { forUpdate?: boolean }): Promise<StoredTeam | null>;
  /** Ordered by name. */
  abstract listTeams(tenantId: string): Promise<StoredTeam[]>;
  /** Writes name, members (in order) and the last turn; false when there is no such team. */
  abstract updateTeam(tenantId: string, team: StoredTeam): Promise<boolean>;
  /** Records the position of the member the last ticket went to (round-robin's turn). */
  abstract takeTurn(tenantId: string, teamId: string, position: number): Promise<void>;

  abstract insertRule(tenantId: string, rule: RoutingRule): Promise<void>;
  /** Ordered by position. */
  abstract listRules(tenantId: string): Promise<RoutingRule[]>;
  /** False when there is no such rule. */
  abstract deleteRule(tenantId: string, id: string): Promise<boolean>;
}
