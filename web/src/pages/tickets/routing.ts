/**
 * The school's ticket categories and teams, for the ticket pages that name them or offer them as
 * choices; read only by those who see the queue (the server allows `ticket.view`).
 */
import { listCategories, listTeams, type Team, type TicketCategory } from '../../api/ticket-routing.js';
import { can } from '../../state/session.js';
import { useResource } from '../../ui/use-resource.js';

export interface RoutingNames {
  readonly categories: readonly TicketCategory[];
  readonly teams: readonly Team[];
  categoryName(id: string | null): string;
  teamName(id: string | null): string;
}

export function useRoutingNames(): RoutingNames {
  const allowed = can('module.servicedesk', 'ticket.view');
  const categories = useResource(
    () => (allowed ? listCategories().then((r) => r.categories) : Promise.resolve([])),
    [allowed],
  );
  const teams = useResource(() => (allowed ? listTeams().then((r) => r.teams) : Promise.resolve([])), [allowed]);
  const c = categories.data ?? [];
  const t = teams.data ?? [];
  return {
    categories: c,
    teams: t,
    categoryName: (id) => (id === null ? 'None' : (c.find((x) => x.id === id)?.name ?? '…')),
    teamName: (id) => (id === null ? 'No team' : (t.find((x) => x.id === id)?.name ?? '…')),
  };
}
