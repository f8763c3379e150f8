/**
 * What a loaner's or device's page says while a repair of its serial is open: each open repair, a
 * link to it, and what that means for the unit (a loaner in repair cannot be issued). Shown only to
 * those who may see repairs.
 */
import { openRepairsOf } from '../../api/repairs.js';
import { Link } from '../../router.js';
import { can } from '../../state/session.js';
import { useResource } from '../../ui/use-resource.js';
import { STATUS_LABEL } from './repair.js';

export function OpenRepairs(props: { serial: string; loaner?: boolean; reloadKey?: unknown }) {
  const allowed = can('module.repairs', 'repair.view');
  const open = useResource(
    () => (allowed ? openRepairsOf(props.serial) : Promise.resolve([])),
    [props.serial, allowed, props.reloadKey],
  );
  const repairs = open.data ?? [];
  if (repairs.length === 0) return null;
  const inRepair = repairs.some((r) => r.status === 'IN_REPAIR');
  return (
    <p class="notice notice-warning" role="status">
      {inRepair ? 'Under repair' : 'A repair is reported'}:{' '}
      {repairs.map((r, i) => (
        <span key={r.id}>
          {i > 0 && ', '}
          <Link href={`/repairs/${encodeURIComponent(r.id)}`}>Repair {r.number}</Link> ({STATUS_LABEL[r.status]})
        </span>
      ))}
      .
      {props.loaner &&
        (inRepair
          ? ' It is out of the pool and cannot be issued until the repair is resolved.'
          : ' It leaves the pool when the repair starts.')}
    </p>
  );
}
