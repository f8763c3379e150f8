/**
 * A person's profile: who they are, the loans they hold, the devices assigned to them, the repairs
 * they reported or handle and the tickets they requested or are assigned. Each section shows only
 * when the server sends it (the user's permissions and the school's modules decide). A pupil's
 * guardians and this year's acceptable-use agreement come first (family.tsx). School administrators
 * edit, archive and restore from here; each archive and restore is confirmed.
 */
import { kindName } from '../../words.js';
import { useState } from 'preact/hooks';
import { messageOf } from '../../api/client.js';
import { DEVICE_STATUS_BADGES, DEVICE_STATUS_LABELS } from '../../api/devices.js';
import { archivePerson, PERSON_KIND_LABELS, personProfile, restorePerson } from '../../api/people.js';
import { formatDate, formatInstant } from '../../format.js';
import type { PageProps } from '../../page-props.js';
import { Link } from '../../router.js';
import { can } from '../../state/session.js';
import { confirm } from '../../ui/confirm.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { RecordLink } from '../../ui/record-link.js';
import { DataTable } from '../../ui/table.js';
import { eventRecord, useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import { Agreement, Guardians } from './family.js';
import { AccountPanel } from './account-panel.js';
import './people.css';

/** Words for the coded statuses of other records (`IN_PROGRESS` → `In progress`). */
const words = (code: string): string => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ');

export default function PersonProfile({ params }: PageProps) {
  const id = params.id!;
  const profile = useResource(() => personProfile(id), [id]);
  const [busy, setBusy] = useState(false);
  const data = profile.data;

  // This person changed, or something they hold or handle may have: read the profile again.
  useLiveReload((e) => {
    if (e.type.startsWith('person.')) return eventRecord(e, 'person')?.id === id;
    if (e.type.startsWith('device.')) {
      const d = eventRecord(e, 'device');
      return d?.assignedPersonId === id || (data?.devices ?? []).some((x) => x.id === d?.id);
    }
    return /^(loan|submission|ticket)\./.test(e.type);
  }, profile.reload);

  if (profile.error && !data) {
    return (
      <section class="records-page">
        <PageHeader title="Person" />
        <ErrorNotice error={profile.error} onRetry={profile.reload} />
      </section>
    );
  }
  if (!data) {
    return (
      <section class="records-page">
        <PageHeader title="Person" />
        <Loading />
      </section>
    );
  }

  const { person } = data;
  const archiveOrRestore = async () => {
    const archiving = person.archivedAt === null;
    const yes = await confirm(
      archiving
        ? {
            title: `Archive ${person.name}?`,
            message:
              'Archived people are left out of searches and cannot receive a loan or a device. Their history stays, and they can be restored.',
            confirmLabel: 'Archive',
            danger: true,
          }
        : {
            title: `Restore ${person.name}?`,
            message: 'They will be found in searches again and can receive loans and devices.',
            confirmLabel: 'Restore',
          },
    );
    if (!yes) return;
    setBusy(true);
    try {
      await (archiving ? archivePerson(id) : restorePerson(id));
      announce(archiving ? `${person.name} archived` : `${person.name} restored`);
      profile.reload();
    } catch (e) {
      announce(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="records-page">
      <PageHeader title={person.name}>
        {can('person.manage') && (
          <>
            <Link href={`/people/${encodeURIComponent(person.id)}/edit`} class="button">
              Edit
            </Link>
            <button
              type="button"
              class={person.archivedAt === null ? 'danger' : undefined}
              disabled={busy}
              onClick={archiveOrRestore}
            >
              {person.archivedAt === null ? 'Archive' : 'Restore'}
            </button>
          </>
        )}
      </PageHeader>
      {person.archivedAt && (
        <p class="notice archived-note">Archived on {formatInstant(person.archivedAt)}: their history stays.</p>
      )}
      <dl class="facts">
        <dt>Kind</dt>
        <dd>{PERSON_KIND_LABELS[person.kind]}</dd>
        <dt>Class or department</dt>
        <dd>{person.userGroup ?? '—'}</dd>
        <dt>E-mail</dt>
        <dd>{person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : '—'}</dd>
        <dt>External id</dt>
        <dd>{person.externalId ?? '—'}</dd>
      </dl>
      <div class="record-sections">
        {person.kind === 'PUPIL' && (
          <>
            <Guardians personId={person.id} name={person.name} guardians={data.guardians} saved={profile.reload} />
            <Agreement personId={person.id} agreement={data.agreement} saved={profile.reload} />
          </>
        )}
        {data.loans && (
          <>
            <h2>Loans</h2>
            <DataTable
              caption={`Loans held by ${person.name}`}
              rows={data.loans}
              rowKey={(l) => l.id}
              empty="They hold no loans."
              columns={[
                { header: 'Loaner', cell: (l) => `${l.number}`, numeric: true },
                {
                  header: 'Serial',
                  // The loan in the inventory, when the Loans page is there for this user.
                  cell: (l) => <RecordLink href={`/loans?q=${encodeURIComponent(l.serial)}`}>{l.serial}</RecordLink>,
                },
                { header: 'Kind', cell: (l) => kindName(l.kind) },
                { header: 'Group', cell: (l) => l.groupName },
                { header: 'Issued', cell: (l) => formatInstant(l.issuedAt) },
                {
                  header: 'Due',
                  cell: (l) => (
                    <>
                      {formatDate(l.dueDate)}
                      {l.overdue && <span class="badge badge-danger badge-after">Overdue</span>}
                    </>
                  ),
                },
              ]}
            />
          </>
        )}
        {data.devices && (
          <>
            <h2>Devices</h2>
            <DataTable
              caption={`Devices assigned to ${person.name}`}
              rows={data.devices}
              rowKey={(d) => d.id}
              empty="No devices are assigned to them."
              columns={[
                {
                  header: 'Serial',
                  cell: (d) => <RecordLink href={`/devices/${encodeURIComponent(d.id)}`}>{d.serial}</RecordLink>,
                },
                { header: 'Kind', cell: (d) => kindName(d.kind) },
                { header: 'Model', cell: (d) => [d.manufacturer, d.model].filter(Boolean).join(' ') || '—' },
                {
                  header: 'Status',
                  cell: (d) => <span class={DEVICE_STATUS_BADGES[d.status]}>{DEVICE_STATUS_LABELS[d.status]}</span>,
                },
              ]}
            />
          </>
        )}
        {data.submissions && (
          <>
            <h2>Repairs</h2>
            <DataTable
              caption={`Repairs ${person.name} reported or handles`}
              rows={data.submissions}
              rowKey={(s) => s.id}
              empty="No repairs reported or handled by them."
              columns={[
                {
                  header: 'Repair',
                  cell: (s) => <RecordLink href={`/repairs/${encodeURIComponent(s.id)}`}>{`#${s.number}`}</RecordLink>,
                },
                { header: 'Serial', cell: (s) => s.serial },
                { header: 'Status', cell: (s) => words(s.status) },
                { header: 'Their part', cell: (s) => (s.reporterId === person.id ? 'Reported it' : 'Handles it') },
                { header: 'Updated', cell: (s) => formatInstant(s.updatedAt) },
              ]}
            />
          </>
        )}
        {data.tickets && (
          <>
            <h2>Tickets</h2>
            <DataTable
              caption={`Tickets ${person.name} requested or is assigned`}
              rows={data.tickets}
              rowKey={(t) => t.id}
              empty="No tickets requested by or assigned to them."
              columns={[
                {
                  header: 'Ticket',
                  cell: (t) => <RecordLink href={`/tickets/${encodeURIComponent(t.id)}`}>{`#${t.number}`}</RecordLink>,
                },
                { header: 'Subject', cell: (t) => t.subject },
                { header: 'Status', cell: (t) => words(t.status) },
                { header: 'Priority', cell: (t) => words(t.priority) },
                { header: 'Their part', cell: (t) => (t.requesterId === person.id ? 'Requested it' : 'Assigned') },
                { header: 'Updated', cell: (t) => formatInstant(t.updatedAt) },
              ]}
            />
          </>
        )}
      </div>
      {/* Accounts are pupils' (charges and cover are refused for staff), so staff have no panel. */}
      {person.kind === 'PUPIL' && can('module.people', 'charge.manage') && (
        <AccountPanel person={person} repairs={data.submissions} />
      )}
    </section>
  );
}
