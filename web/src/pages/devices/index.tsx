/**
 * Devices: the asset register, searched by serial, manufacturer or model and filtered by status and
 * kind; every filter and the page live in the address. Technicians and administrators register
 * devices from here.
 */
import { kindName } from '../../words.js';
import { DEVICE_STATUS_BADGES, DEVICE_STATUS_LABELS, searchDevices, type DeviceStatus } from '../../api/devices.js';
import { formatDate } from '../../format.js';
import { Link } from '../../router.js';
import { can } from '../../state/session.js';
import { FilterBar, filtering, filterValues, PagedTable, type Filter } from '../../ui/list-page.js';
import { PageHeader } from '../../ui/page.js';
import { currentPage } from '../../ui/search.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import './devices.css';

const PAGE_SIZE = 50;

const FILTERS: readonly Filter[] = [
  { kind: 'search', label: 'Search devices', placeholder: 'Serial, manufacturer or model' },
  {
    kind: 'choice',
    param: 'status',
    label: 'Status',
    choices: [
      { value: '', label: 'Any status' },
      ...Object.entries(DEVICE_STATUS_LABELS).map(([value, label]) => ({ value, label })),
    ],
  },
  { kind: 'text', param: 'kind', label: 'Kind', placeholder: 'LAPTOP' },
];

export default function DeviceList() {
  const { q, status, kind } = filterValues(FILTERS);
  const page = currentPage();
  const list = useResource(
    () =>
      searchDevices({
        q,
        status: (status || undefined) as DeviceStatus | undefined,
        kind,
        page,
        pageSize: PAGE_SIZE,
      }),
    [q, status, kind, page],
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
      <FilterBar filters={FILTERS} />
      <PagedTable
        list={list}
        rows={(d) => d.devices}
        noun={['device', 'devices']}
        caption="Devices"
        page={page}
        pageSize={PAGE_SIZE}
        rowKey={(d) => d.id}
        empty={
          filtering(FILTERS)
            ? 'No device matches these filters.'
            : 'The register is empty: register devices here or import them as a CSV file.'
        }
        columns={[
          { header: 'Serial', cell: (d) => <Link href={`/devices/${encodeURIComponent(d.id)}`}>{d.serial}</Link> },
          { header: 'Kind', cell: (d) => kindName(d.kind) },
          { header: 'Model', cell: (d) => [d.manufacturer, d.model].filter(Boolean).join(' ') || '—' },
          {
            header: 'Status',
            cell: (d) => <span class={DEVICE_STATUS_BADGES[d.status]}>{DEVICE_STATUS_LABELS[d.status]}</span>,
          },
          { header: 'Warranty ends', cell: (d) => formatDate(d.warrantyEnd) },
        ]}
      />
    </section>
  );
}
