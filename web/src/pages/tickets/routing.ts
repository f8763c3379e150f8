/**
 * The school's ticket categories and teams, for the ticket pages that name them or offer them as
 * choices; read only by those who see the queue (the server allows `ticket.view`).
 */
import { listCategories, listTeams } from '../../api/ticket-routing.js';
import { can } from '../../state/session.js';
import { useResource } from '../../ui/use-resource.js';

export function useRoutingNames() {
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
    categoryName: (id: string | null) => (id === null ? 'None' : (c.find((x) => x.id === id)?.name ?? '…')),
    teamName: (id: string | null) => (id === null ? 'No team' : (t.find((x) => x.id === id)?.name ?? '…')),
    /** The categories as a select's choices, after the choice of none (`none`: how it is said). */
    categoryChoices: (none: string) => [{ value: '', label: none }, ...c.map((x) => ({ value: x.id, label: x.name }))],
    teamChoices: (none: string) => [{ value: '', label: none }, ...t.map((x) => ({ value: x.id, label: x.name }))],
  };
}

/** What the ticket pages are given: the lists, a name for an id, and the lists as choices. */
export type RoutingNames = ReturnType<typeof useRoutingNames>;
