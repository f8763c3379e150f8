/**
 * Repairs: every repair of the school (newest first), searched by serial or description and filtered
 * by status, the filters and the page in the address. It follows the live stream: a repair lodged,
 * assigned or moved elsewhere shows without a reload. Someone who may only report repairs (a teacher)
 * finds the way to report one here.
 */
import { listRepairs } from '../../api/repairs.js';
import { formatInstant } from '../../format.js';
import { Link } from '../../router.js';
import { can } from '../../state/session.js';
import { FilterBar, filtering, filterValues, PagedTable, type Filter } from '../../ui/list-page.js';
import { PageHeader } from '../../ui/page.js';
import { PersonName } from '../../ui/people.js';
import { currentPage } from '../../ui/search.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import { REPAIR_STATUSES, RepairStatusBadge, STATUS_LABEL, type RepairStatus } from './repair.js';
import './repairs.css';

const PAGE_SIZE = 25;

export default function Repairs() {
  if (!can('repair.view')) return <ReportOnly />;
  return <RepairList />;
}

const FILTERS: readonly Filter[] = [
  { kind: 'search', label: 'Search repairs', placeholder: 'Serial or description' },
  {
    kind: 'choice',
    param: 'status',
    label: 'Status',
    choices: [
      { value: '', label: 'Any status' },
      ...REPAIR_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
    ],
  },
];

function RepairList() {
  const { q, status } = filterValues(FILTERS);
  const page = currentPage();
  const list = useResource(
    () => listRepairs({ q, status: (status || undefined) as RepairStatus | undefined, page, pageSize: PAGE_SIZE }),
    [q, status, page],
  );
  useLiveReload(['submission.created', 'submission.assigned', 'submission.status_changed'], list.reload);

  return (
    <section>
      <PageHeader title="Repairs">
        {can('module.repairs', 'repair.create') && (
          <Link href="/repairs/new" class="button primary">
            Report a repair
          </Link>
        )}
      </PageHeader>
      <FilterBar filters={FILTERS} />
      <PagedTable
        list={list}
        rows={(d) => d.submissions}
        caption="Repairs"
        class="desk-list"
        page={page}
        pageSize={PAGE_SIZE}
        rowKey={(r) => r.id}
        empty={filtering(FILTERS) ? 'No repair matches these filters.' : 'No repairs yet.'}
        columns={[
          {
            header: 'Repair',
            cell: (r) => <Link href={`/repairs/${encodeURIComponent(r.id)}`}>Repair {r.number}</Link>,
          },
          { header: 'Serial', cell: (r) => <span class="desk-serial">{r.serial}</span> },
          { header: 'Fault', cell: (r) => <span class="repair-fault">{r.description}</span> },
          { header: 'Status', cell: (r) => <RepairStatusBadge status={r.status} /> },
          { header: 'Assigned to', cell: (r) => <PersonName id={r.assigneeId} nobody="Nobody" /> },
          { header: 'Updated', cell: (r) => formatInstant(r.updatedAt) },
        ]}
      />
    </section>
  );
}

/** For those who report repairs but do not see the list (teachers, by default). */
function ReportOnly() {
  return (
    <section>
      <PageHeader title="Repairs" />
      <p>Report a broken device here; the IT team takes it from there.</p>
      <p>
        <Link href="/repairs/new" class="button primary">
          Report a repair
        </Link>
      </p>
    </section>
  );
}
