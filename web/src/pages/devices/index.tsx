/**
 * Devices: the asset register, searched by serial, manufacturer or model and filtered by status and
 * kind; every filter and the page live in the address. Technicians and administrators register
 * devices from here.
 */
import { DEVICE_STATUS_BADGES, DEVICE_STATUS_LABELS, searchDevices, type DeviceStatus } from '../../api/devices.js';
import { formatCount, formatDate } from '../../format.js';
import { Link, query, setQuery } from '../../router.js';
import { can } from '../../state/session.js';
import { TextField } from '../../ui/field.js';
import { ErrorNotice, PageHeader } from '../../ui/page.js';
import { Pager } from '../../ui/pager.js';
import { QuerySelect } from '../../ui/query-select.js';
import { currentPage, SearchBox } from '../../ui/search.js';
import { DataTable } from '../../ui/table.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import './devices.css';

const PAGE_SIZE = 50;

export default function DeviceList() {
  const q = query.value;
  const filters = {
    q: q.get('q') ?? '',
    status: q.get('status') ?? '',
    kind: q.get('kind') ?? '',
    page: currentPage(),
  };
  const list = useResource(
    () =>
      searchDevices({
        q: filters.q,
        status: (filters.status || undefined) as DeviceStatus | undefined,
        kind: filters.kind,
        page: filters.page,
        pageSize: PAGE_SIZE,
      }),
    [filters.q, filters.status, filters.kind, filters.page],
  );
  useLiveReload(['device.created', 'device.updated', 'import.completed'], list.reload);

  return (
    <section class="records-page">
      <PageHeader title="Devices">
        {can('device.manage') && (
          <Link href="/devices/new" class="button primary">
            New device
          </Link>
        )}
      </PageHeader>
      <div class="filters">
        <SearchBox label="Search devices" placeholder="Serial, manufacturer or model" />
        <QuerySelect
          label="Status"
          param="status"
          value={filters.status}
          choices={[
            { value: '', label: 'Any status' },
            ...Object.entries(DEVICE_STATUS_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <TextField
          label="Kind"
          key={filters.kind}
          defaultValue={filters.kind}
          autocomplete="off"
          placeholder="LAPTOP"
          onChange={(e: Event) => setQuery({ kind: (e.currentTarget as HTMLInputElement).value.trim() })}
        />
      </div>
      {list.error ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {list.data && (
        <p class="list-count" role="status">
          {list.data.total === 1 ? '1 device' : `${formatCount(list.data.total)} devices`}
        </p>
      )}
      <DataTable
        caption="Devices"
        rows={list.error && !list.data ? [] : list.data?.devices}
        rowKey={(d) => d.id}
        busy={list.loading && list.data !== undefined}
        empty={
          filters.q || filters.status || filters.kind
            ? 'No device matches these filters.'
            : 'The register is empty: register devices here or import them as a CSV file.'
        }
        columns={[
          { header: 'Serial', cell: (d) => <Link href={`/devices/${encodeURIComponent(d.id)}`}>{d.serial}</Link> },
          { header: 'Kind', cell: (d) => d.kind },
          { header: 'Model', cell: (d) => [d.manufacturer, d.model].filter(Boolean).join(' ') || '—' },
          {
            header: 'Status',
            cell: (d) => <span class={DEVICE_STATUS_BADGES[d.status]}>{DEVICE_STATUS_LABELS[d.status]}</span>,
          },
          { header: 'Warranty ends', cell: (d) => formatDate(d.warrantyEnd) },
        ]}
      />
      {list.data && list.data.total > 0 && (
        <Pager total={list.data.total} page={filters.page} pageSize={PAGE_SIZE} label="Pages of devices" />
      )}
    </section>
  );
}
