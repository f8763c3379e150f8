/**
 * Repairs: every repair of the school (newest first), searched by serial or description and filtered
 * by status, the filters and the page in the address. It follows the live stream: a repair lodged,
 * assigned or moved elsewhere shows without a reload. Someone who may only report repairs (a teacher)
 * finds the way to report one here.
 */
import { api } from '../../api/client.js';
import { formatInstant } from '../../format.js';
import { Link, query } from '../../router.js';
import { can } from '../../state/session.js';
import { ErrorNotice, PageHeader } from '../../ui/page.js';
import { Pager } from '../../ui/pager.js';
import { PersonName } from '../../ui/people.js';
import { QuerySelect } from '../../ui/query-select.js';
import { currentPage, SearchBox } from '../../ui/search.js';
import { DataTable } from '../../ui/table.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import { REPAIR_STATUSES, RepairStatusBadge, STATUS_LABEL, type Repair } from './repair.js';
import './repairs.css';

const PAGE_SIZE = 25;

interface RepairList {
  readonly submissions: readonly Repair[];
  readonly total: number;
}

export default function Repairs() {
  if (!can('repair.view')) return <ReportOnly />;
  return <RepairList />;
}

function RepairList() {
  const q = query.value.get('q') ?? '';
  const status = query.value.get('status') ?? '';
  const page = currentPage();
  const list = useResource(
    () => api.get<RepairList>('/api/submissions', { q, status, page, pageSize: PAGE_SIZE }),
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
      <div class="filters">
        <SearchBox label="Search repairs" placeholder="Serial or description" />
        <QuerySelect
          label="Status"
          param="status"
          value={status}
          choices={[
            { value: '', label: 'Any status' },
            ...REPAIR_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
          ]}
        />
      </div>
      {list.error !== undefined && <ErrorNotice error={list.error} onRetry={list.reload} />}
      <div class="desk-list">
        <DataTable
          caption="Repairs"
          rows={list.data?.submissions}
          rowKey={(r) => r.id}
          busy={list.loading && list.data !== undefined}
          empty={q || status ? 'No repair matches these filters.' : 'No repairs yet.'}
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
      </div>
      {list.data && <Pager total={list.data.total} page={page} pageSize={PAGE_SIZE} label="Pages of repairs" />}
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
