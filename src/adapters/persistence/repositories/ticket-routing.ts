import type { RoutingRule, StoredTeam, TicketCategory } from '../../../domain/tickets/routing/routing.js';
import type { TicketRoutingRepository } from '../../../ports/repositories/ticket-routing.js';
import type { Column, Db } from '../sql/db.js';

const categoryColumns = (tenantId: string): Column<TicketCategory>[] => [
  ['id', 'text', (c) => c.id],
  ['tenant_id', 'text', () => tenantId],
  ['name', 'text', (c) => c.name],
  ['created_at', 'text', (c) => c.createdAt],
];

const teamColumns = (tenantId: string): Column<StoredTeam>[] => [
  ['id', 'text', (t) => t.id],
  ['tenant_id', 'text', () => tenantId],
  ['name', 'text', (t) => t.name],
  ['last_turn', 'int', (t) => t.lastTurn],
  ['created_at', 'text', (t) => t.createdAt],
];

interface MemberRow {
  readonly teamId: string;
  readonly personId: string;
  /** SQLite's 0/1, Postgres's boolean. */
  readonly available: number | boolean;
}

const memberColumns = (tenantId: string, teamId: string): Column<MemberRow & { position: number }>[] => [
  ['tenant_id', 'text', () => tenantId],
  ['team_id', 'text', () => teamId],
  ['person_id', 'text', (m) => m.personId],
  ['position', 'int', (m) => m.position],
  ['available', 'boolean', (m) => Boolean(m.available)],
];

const ruleColumns = (tenantId: string): Column<RoutingRule>[] => [
  ['id', 'text', (r) => r.id],
  ['tenant_id', 'text', () => tenantId],
  ['position', 'int', (r) => r.position],
  ['category_id', 'text', (r) => r.categoryId],
  ['requester_kind', 'text', (r) => r.requesterKind],
  ['priority', 'text', (r) => r.priority],
  ['team_id', 'text', (r) => r.teamId],
  ['assignment', 'text', (r) => r.assignment],
  ['created_at', 'text', (r) => r.createdAt],
];

const RULE = `id, position, category_id AS "categoryId", requester_kind AS "requesterKind", priority,
  team_id AS "teamId", assignment, created_at AS "createdAt"`;
const TEAM = `id, name, last_turn AS "lastTurn", created_at AS "createdAt"`;

type TeamRow = Omit<StoredTeam, 'members'>;

/** The help desk's categories, teams (their members in order) and routing rules, on either dialect. */
export class SqlTicketRoutingRepository implements TicketRoutingRepository {
  constructor(private readonly db: Db) {}

  insertCategory(tenantId: string, category: TicketCategory): Promise<void> {
    return this.db.insertMany('ticket_categories', categoryColumns(tenantId), [category], 'ticket category');
  }

  listCategories(tenantId: string): Promise<TicketCategory[]> {
    const sql = `SELECT id, name, created_at AS "createdAt" FROM ticket_categories WHERE tenant_id = ?
      ORDER BY ${this.db.bytewise('name')}, ${this.db.bytewise('id')}`;
    return this.db.all<TicketCategory>(sql, [tenantId]);
  }

  findCategory(tenantId: string, id: string): Promise<TicketCategory | null> {
    const sql = 'SELECT id, name, created_at AS "createdAt" FROM ticket_categories WHERE tenant_id = ? AND id = ?';
    return this.db.one<TicketCategory>(sql, [tenantId, id]);
  }

  insertTeam(tenantId: string, team: StoredTeam): Promise<void> {
    return this.db.atomic(async () => {
      await this.db.insertMany('teams', teamColumns(tenantId), [team], 'team');
      await this.writeMembers(tenantId, team);
    });
  }

  async findTeam(tenantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<StoredTeam | null> {
    const lock = opts.forUpdate ? this.db.lock() : '';
    const row = await this.db.one<TeamRow>(`SELECT ${TEAM} FROM teams WHERE tenant_id = ? AND id = ?${lock}`, [
      tenantId,
      id,
    ]);
    return row ? (await this.withMembers(tenantId, [row]))[0]! : null;
  }

  async listTeams(tenantId: string): Promise<StoredTeam[]> {
    const sql = `SELECT ${TEAM} FROM teams WHERE tenant_id = ? ORDER BY ${this.db.bytewise('name')}, ${this.db.bytewise('id')}`;
    return this.withMembers(tenantId, await this.db.all<TeamRow>(sql, [tenantId]));
  }

  updateTeam(tenantId: string, team: StoredTeam): Promise<boolean> {
    return this.db.atomic(async () => {
      const sql = 'UPDATE teams SET name = ?, last_turn = ? WHERE tenant_id = ? AND id = ?';
      const changed = await this.db.conflicts(
        () => this.db.run(sql, [team.name, team.lastTurn, tenantId, team.id]),
        'team',
        { name: team.name },
      );
      if (changed !== 1) return false;
      await this.db.run('DELETE FROM team_members WHERE tenant_id = ? AND team_id = ?', [tenantId, team.id]);
      await this.writeMembers(tenantId, team);
      return true;
    });
  }

  async takeTurn(tenantId: string, teamId: string, position: number): Promise<void> {
    await this.db.run('UPDATE teams SET last_turn = ? WHERE tenant_id = ? AND id = ?', [position, tenantId, teamId]);
  }

  insertRule(tenantId: string, rule: RoutingRule): Promise<void> {
    return this.db.insertMany('routing_rules', ruleColumns(tenantId), [rule], 'routing rule');
  }

  listRules(tenantId: string): Promise<RoutingRule[]> {
    return this.db.all<RoutingRule>(
      `SELECT ${RULE} FROM routing_rules WHERE tenant_id = ? ORDER BY position, ${this.db.bytewise('id')}`,
      [tenantId],
    );
  }

  async deleteRule(tenantId: string, id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM routing_rules WHERE tenant_id = ? AND id = ?', [tenantId, id])) === 1;
  }

  private async writeMembers(tenantId: string, team: StoredTeam): Promise<void> {
    const rows = team.members.map((m, position) => ({ ...m, teamId: team.id, position }));
    if (rows.length > 0)
      await this.db.insertMany('team_members', memberColumns(tenantId, team.id), rows, 'team member');
  }

  private async withMembers(tenantId: string, teams: readonly TeamRow[]): Promise<StoredTeam[]> {
    if (teams.length === 0) return [];
    const sql = `SELECT team_id AS "teamId", person_id AS "personId", available FROM team_members
      WHERE tenant_id = ? AND ${this.db.in('team_id')} ORDER BY team_id, position`;
    const members = await this.db.all<MemberRow>(sql, [tenantId, this.db.list(teams.map((t) => t.id))]);
    return teams.map((t) => ({
      ...t,
      members: members
        .filter((m) => m.teamId === t.id)
        .map((m) => ({ personId: m.personId, available: Boolean(m.available) })),
    }));
  }
}
