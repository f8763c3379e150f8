/**
 * A device: its record, who has it, its history (registered, corrected, assigned, status moves, and
 * the loans and repairs of the same serial), and, for those who keep the register, the moves the
 * state machine allows from where it stands: assign to a person found by search, unassign, change
 * the status. Each move that takes the device from someone, or retires it, is confirmed.
 */
import { kindName } from '../../words.js';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { messageOf } from '../../api/client.js';
import {
  assignDevice,
  DEVICE_STATUS_BADGES,
  DEVICE_STATUS_LABELS,
  deviceHistory,
  getDevice,
  moveDevice,
  nextDeviceStatuses,
  unassignDevice,
  type Device,
  type DeviceStatus,
  type HistoryEntry,
} from '../../api/devices.js';
import { personName } from '../../api/people.js';
import { formatDate, formatInstant, formatMoney, todayInSchool } from '../../format.js';
import type { PageProps } from '../../page-props.js';
import { Link } from '../../router.js';
import { can } from '../../state/session.js';
import { confirm } from '../../ui/confirm.js';
import { SelectField } from '../../ui/field.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { Pager } from '../../ui/pager.js';
import { PersonPicker } from '../../ui/people.js';
import { RecordLink } from '../../ui/record-link.js';
import type { Pickable } from '../../ui/search-picker.js';
import { currentPage } from '../../ui/search.js';
import { DataTable } from '../../ui/table.js';
import { eventRecord, useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import { OpenRepairs } from '../repairs/open-repairs.js';
import './devices.css';

const HISTORY_PAGE_SIZE = 50;

export default function DevicePage({ params }: PageProps) {
  const id = params.id!;
  const page = currentPage();
  const record = useResource(() => getDevice(id), [id]);
  const history = useResource(() => deviceHistory(id, page, HISTORY_PAGE_SIZE), [id, page]);
  const reload = () => {
    record.reload();
    history.reload();
  };
  // This device moved, or a loan or repair of its serial did (they are in its history).
  useLiveReload((e) => {
    if (e.type.startsWith('device.')) return eventRecord(e, 'device')?.id === id;
    const serial = record.data?.device.serial;
    const other = eventRecord(e, 'loan') ?? eventRecord(e, 'submission');
    return serial !== undefined && other?.serial === serial;
  }, reload);

  const device = record.data?.device;

  if (!device) {
    return (
      <section class="records-page">
        <PageHeader title="Device" />
        {record.error ? <ErrorNotice error={record.error} onRetry={record.reload} /> : <Loading />}
      </section>
    );
  }

  const holder = device.assignedPersonId;
  const warrantyOver = device.warrantyEnd !== null && device.warrantyEnd < todayInSchool();
  return (
    <section class="records-page">
      <PageHeader title={`Device ${device.serial}`}>
        {can('device.manage') && (
          <Link href={`/devices/${encodeURIComponent(device.id)}/edit`} class="button">
            Edit
          </Link>
        )}
      </PageHeader>
      <OpenRepairs serial={device.serial} reloadKey={device.status} />
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <span class={DEVICE_STATUS_BADGES[device.status]}>{DEVICE_STATUS_LABELS[device.status]}</span>
        </dd>
        <dt>Assigned to</dt>
        <dd>{holder ? <PersonLink id={holder} /> : 'Nobody'}</dd>
        <dt>Kind</dt>
        <dd>{kindName(device.kind)}</dd>
        <dt>Manufacturer</dt>
        <dd>{device.manufacturer ?? '—'}</dd>
        <dt>Model</dt>
        <dd>{device.model ?? '—'}</dd>
        <dt>Purchased</dt>
        <dd>{formatDate(device.purchaseDate)}</dd>
        <dt>Purchase cost</dt>
        <dd>{formatMoney(device.purchaseCostMinor)}</dd>
        <dt>Warranty ends</dt>
        <dd>
          {formatDate(device.warrantyEnd)}
          {warrantyOver && <span class="badge badge-warn badge-after">Expired</span>}
        </dd>
      </dl>
      {can('device.manage') && (
        <Moves device={device} holderName={holder ? (personName(holder) ?? 'its person') : null} onMoved={reload} />
      )}
      <h2>History</h2>
      {history.error ? <ErrorNotice error={history.error} onRetry={history.reload} /> : null}
      <DataTable
        caption={`History of device ${device.serial}`}
        rows={history.error && !history.data ? [] : history.data?.history}
        rowKey={(h) => `${h.at} ${h.action} ${h.target}`}
        busy={history.loading && history.data !== undefined}
        empty="Nothing recorded yet (devices from the demo data or an import start without an entry)."
        columns={[
          { header: 'When', cell: (h) => formatInstant(h.at) },
          { header: 'What', cell: (h) => describe(h) },
          { header: 'By', cell: (h) => h.actor.name ?? ACTOR_TYPES[h.actor.type] ?? h.actor.type },
        ]}
      />
      {history.data && history.data.total > HISTORY_PAGE_SIZE && (
        <Pager total={history.data.total} page={page} pageSize={HISTORY_PAGE_SIZE} label="Pages of history" />
      )}
    </section>
  );
}

/** The actions that change where a device stands, offered only as the state machine allows them. */
function Moves(props: { device: Device; holderName: string | null; onMoved: () => void }) {
  const { device, holderName, onMoved } = props;
  const choices = nextDeviceStatuses(device.status);
  const [to, setTo] = useState<DeviceStatus | ''>('');
  const [busy, setBusy] = useState(false);

  const move = async (send: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await send();
      announce(done);
      setTo('');
      onMoved();
    } catch (e) {
      announce(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (choices.length === 0) {
    return (
      <p class="notice">This device is retired: it does not change any more. Its record can still be corrected.</p>
    );
  }

  const assign = async (person: Pickable | null) => {
    if (!person) return;
    if (
      holderName !== null &&
      !(await confirm({
        title: `Hand ${device.serial} to ${person.label}?`,
        message: `It is assigned to ${holderName} now; it will be theirs no longer.`,
        confirmLabel: 'Assign',
      }))
    )
      return;
    await move(() => assignDevice(device.id, person.id), `${device.serial} assigned to ${person.label}`);
  };

  const unassign = async () => {
    const yes = await confirm({
      title: `Take ${device.serial} back from ${holderName}?`,
      message: device.status === 'IN_USE' ? 'It goes back into stock.' : 'It stays in repair, assigned to nobody.',
      confirmLabel: 'Unassign',
      danger: true,
    });
    if (yes) await move(() => unassignDevice(device.id), `${device.serial} unassigned`);
  };

  const changeStatus = async () => {
    if (!to) return;
    const takesAway = device.assignedPersonId !== null && (to === 'IN_STOCK' || to === 'RETIRED');
    const yes = await confirm({
      title: `Move ${device.serial} to ${DEVICE_STATUS_LABELS[to]}?`,
      message:
        [
          to === 'RETIRED' ? 'Retiring is final: a retired device does not change any more.' : '',
          takesAway ? `It will no longer be assigned to ${holderName}.` : '',
        ]
          .filter(Boolean)
          .join(' ') || `From ${DEVICE_STATUS_LABELS[device.status]} to ${DEVICE_STATUS_LABELS[to]}.`,
      confirmLabel: to === 'RETIRED' ? 'Retire' : 'Change status',
      danger: to === 'RETIRED' || takesAway,
    });
    if (yes) {
      await move(() => moveDevice(device.id, to), `${device.serial} is now ${DEVICE_STATUS_LABELS[to]}`);
    }
  };

  return (
    <div class="device-actions">
      <div>
        <h2>Assignment</h2>
        {holderName !== null && (
          <p>
            <button type="button" disabled={busy} onClick={unassign}>
              Unassign
            </button>
          </p>
        )}
        <PersonPicker
          label={holderName === null ? 'Assign to' : 'Hand to someone else'}
          exclude={device.assignedPersonId}
          disabled={busy}
          onChange={assign}
        />
      </div>
      <div>
        <h2>Status</h2>
        <div class="action-row">
          <SelectField
            label="Move to"
            value={to}
            onChange={(e: Event) => setTo((e.currentTarget as HTMLSelectElement).value as DeviceStatus | '')}
            choices={[
              { value: '', label: 'Choose a status' },
              ...choices.map((s) => ({ value: s, label: DEVICE_STATUS_LABELS[s] })),
            ]}
          />
          <button type="button" disabled={busy || !to} onClick={changeStatus}>
            Change status
          </button>
        </div>
      </div>
    </div>
  );
}

/** A person named in the device's facts or history, linked to their page; "a person" until the name is known. */
function PersonLink(props: { id: string }) {
  return <RecordLink href={`/people/${encodeURIComponent(props.id)}`}>{personName(props.id) ?? 'a person'}</RecordLink>;
}

const ACTOR_TYPES: Record<string, string> = {
  apiKey: 'an API key',
  operator: 'operator (CLI)',
  system: 'Desk',
  anonymous: 'someone signed out',
  user: 'a former user',
};

const statusWord = (s: unknown): string =>
  typeof s === 'string' ? (DEVICE_STATUS_LABELS[s as DeviceStatus] ?? s.toLowerCase().replace(/_/g, ' ')) : '?';

const LOAN_VERBS: Record<string, string> = {
  'loan.create': 'added to the loaner pool',
  'loan.update': 'changed in the loaner pool',
  'loan.issue': 'issued',
  'loan.return': 'returned',
  'loan.withdraw': 'withdrawn',
  'loan.restore': 'restored',
};

/** One history entry in words; people by name (linked) where the user may see them. */
function describe(h: HistoryEntry): ComponentChildren {
  const d = h.details ?? {};
  const person = (v: unknown) => (typeof v === 'string' ? <PersonLink id={v} /> : 'nobody');
  const status = d['status'] as { from?: unknown; to?: unknown } | undefined;
  const statusMove = status ? ` (${statusWord(status.from)} → ${statusWord(status.to)})` : '';
  const number = h.target.split(':')[1] ?? '';
  switch (h.action) {
    case 'device.create':
      return (
        <>
          Registered, {statusWord(d['status'])}
          {typeof d['assignedTo'] === 'string' && <> for {person(d['assignedTo'])}</>}
        </>
      );
    case 'device.update': {
      const changes = d['changes'] && typeof d['changes'] === 'object' ? Object.keys(d['changes']) : [];
      return `Corrected: ${changes.join(', ') || 'details'}`;
    }
    case 'device.assign':
      return (
        <>
          Assigned to {person(d['to'])}
          {typeof d['from'] === 'string' && <> (from {person(d['from'])})</>}
          {statusMove}
        </>
      );
    case 'device.unassign':
      return (
        <>
          Taken back from {person(d['from'])}
          {statusMove}
        </>
      );
    case 'device.status':
      return (
        <>
          Status {statusWord(d['from'])} → {statusWord(d['to'])}
          {typeof d['unassigned'] === 'string' && <>, taken from {person(d['unassigned'])}</>}
        </>
      );
    case 'submission.create':
      return `Repair #${number} lodged`;
    case 'submission.assign':
      return `Repair #${number} assigned`;
    case 'submission.status':
      return `Repair #${number}: ${statusWord(d['from'])} → ${statusWord(d['to'])}`;
    default:
      if (h.action in LOAN_VERBS) return `Loaner ${number} ${LOAN_VERBS[h.action]}`;
      return h.action;
  }
}
