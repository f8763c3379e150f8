/**
 * One loan (`/loans/:number`): where it stands, who holds it until when, its reminder e-mails (kind,
 * how many addresses, whether each went, and why not), and its history (issues, returns, reminders
 * sent: the audit entries about `loan:<number>`, in words, naming the holder and who acted). It
 * offers the moves the loan's status allows (issue, return, withdraw, restore: the Loans page's own).
 * Those who issue loans may "Remind now" an issued loan: the answer says whether it went; within the
 * hour of the last reminder the server refuses, and the page says when to try again.
 */
import { useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../api/client.js';
import {
  KIND_LABELS,
  loanHistory,
  remindLoan,
  loanGroups,
  STATUS_LABELS,
  updateLoan,
  type Loan,
  type LoanHistory,
  type Reminder,
} from '../../api/loans.js';
import { REMINDER_KIND_LABELS, REMINDER_STATUS_LABELS } from '../../api/reminders.js';
import { formatDate, formatInstant } from '../../format.js';
import type { PageProps } from '../../page-props.js';
import { Link } from '../../router.js';
import { can } from '../../state/session.js';
import { SelectField, TextField } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { DataTable } from '../../ui/table.js';
import { eventRecord, useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import { IssueDialog } from './issue-dialog.js';
import { LoanActions, moveLoan, type LoanMove } from './loan-actions.js';
import { OpenRepairs } from '../repairs/open-repairs.js';
import './loans.css';

type HistoryEntry = LoanHistory['history'][number];

/**
 * What an entry says happened, in words, with the people it names (the server names them beside the
 * ids: `names`). An action this page does not know is shown by its code rather than hidden.
 */
function describe(h: HistoryEntry): string {
  const d = h.details as {
    holderId?: string | null;
    dueDate?: string | null;
    confirmed?: string[];
    fulfilled?: string;
    override?: unknown;
    kind?: string;
    recipients?: number;
  };
  const holder = d.holderId ? (h.names[d.holderId] ?? 'someone no longer in the school') : null;
  switch (h.action) {
    case 'loan.create':
      return 'Added to the pool';
    case 'loan.update': {
      const c = h.details as { from?: Record<string, string>; to?: Record<string, string> };
      const group = (id: string | undefined) => (id ? (h.names[id] ?? 'a former group') : '—');
      const changes = Object.keys(c.to ?? {}).map((field) =>
        field === 'groupId'
          ? `moved from ${group(c.from?.groupId)} to ${group(c.to?.groupId)}`
          : `${field} ${c.from?.[field] ?? '—'} → ${c.to?.[field] ?? '—'}`,
      );
      return `Corrected: ${changes.join('; ') || 'nothing'}`;
    }
    case 'loan.issue': {
      const parts = [`Issued to ${holder ?? 'someone'}`];
      parts.push(d.dueDate ? `due back ${formatDate(d.dueDate)}` : 'with no due date');
      if (d.confirmed?.length) parts.push("after the desk confirmed the school's checks");
      if (d.fulfilled) parts.push('picking up their booking');
      if (d.override) parts.push('though a booking needed it');
      return parts.join(', ');
    }
    case 'loan.return':
      return holder ? `Returned by ${holder}` : 'Returned';
    case 'loan.withdraw':
      return 'Withdrawn from the pool';
    case 'loan.restore':
      return 'Back in the pool';
    case 'loan.remind':
      return `Reminder e-mailed: ${REMINDER_KIND_LABELS[d.kind ?? ''] ?? d.kind}, to ${d.recipients ?? 0} address(es)`;
    default:
      return h.action;
  }
}

/** Who acted: a member of staff by name, a key by its name, and the app a person acted through. */
const actedBy = (h: HistoryEntry): string => (h.actor.via ? `${h.actor.name}, via ${h.actor.via}` : h.actor.name);

export default function LoanPage({ params }: PageProps) {
  const number = Number(params.number);
  const record = useResource(() => loanHistory(number), [number]);
  useLiveReload((e) => e.type.startsWith('loan.') && eventRecord(e, 'loan')?.number === number, record.reload);
  const data = record.data;
  const [issuing, setIssuing] = useState(false);

  if (!data) {
    return (
      <section class="records-page">
        <PageHeader title={`Loaner ${params.number ?? ''}`} />
        {record.error ? <ErrorNotice error={record.error} onRetry={record.reload} /> : <Loading />}
      </section>
    );
  }
  const { loan } = data;
  const move = async (verb: LoanMove) => {
    await moveLoan(loan, verb);
    record.reload();
  };
  return (
    <section class="records-page">
      <PageHeader title={`Loaner ${loan.number}`}>
        <Link href="/loans" class="button">
          All loans
        </Link>
      </PageHeader>
      <OpenRepairs serial={loan.serial} loaner reloadKey={loan.status} />
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          {STATUS_LABELS[loan.status]}
          {loan.overdue && <span class="badge badge-danger badge-after">Overdue</span>}
        </dd>
        <dt>Serial</dt>
        <dd class="serial">{loan.serial}</dd>
        <dt>Kind</dt>
        <dd>{KIND_LABELS[loan.kind]}</dd>
        <dt>Group</dt>
        <dd>{loan.groupName}</dd>
        <dt>Holder</dt>
        <dd>
          {loan.holder ? <Link href={`/people/${encodeURIComponent(loan.holder.id)}`}>{loan.holder.name}</Link> : '—'}
        </dd>
        <dt>Due</dt>
        <dd>{formatDate(loan.dueDate)}</dd>
      </dl>
      <LoanActions loan={loan} onIssue={() => setIssuing(true)} onMove={(_, verb) => void move(verb)} />
      {can('loan.manage') && loan.status !== 'ISSUED' && <CorrectLoaner loan={loan} onSaved={record.reload} />}
      {issuing && (
        <IssueDialog
          loan={loan}
          onDone={(issued) => {
            setIssuing(false);
            if (issued) {
              announce(`Loaner ${issued.number} issued to ${issued.holder?.name ?? ''}`);
              record.reload();
            }
          }}
        />
      )}
      {loan.status === 'ISSUED' && can('loan.issue') && <RemindNow number={loan.number} onSent={record.reload} />}
      <h2>Reminders</h2>
      <DataTable
        caption={`Reminder e-mails of loaner ${loan.number}`}
        rows={data.reminders}
        rowKey={(r: Reminder) => r.id}
        empty="No reminder has been sent for this loan."
        columns={[
          { header: 'Planned', cell: (r) => formatDate(r.runDate) },
          { header: 'Kind', cell: (r) => `${REMINDER_KIND_LABELS[r.kind] ?? r.kind} ${r.sequence}` },
          { header: 'To', cell: (r) => `${r.recipients} address(es)`, numeric: true },
          {
            header: 'State',
            cell: (r) =>
              r.status === 'sent'
                ? `${REMINDER_STATUS_LABELS.sent} ${formatInstant(r.sentAt)}`
                : `${REMINDER_STATUS_LABELS[r.status] ?? r.status}${r.lastError ? `: ${r.lastError}` : ''}`,
          },
        ]}
      />
      <h2>History</h2>
      <DataTable
        caption={`History of loaner ${loan.number}`}
        rows={data.history}
        rowKey={(h) => h.id}
        empty="Nothing recorded yet (loans from the demo data or an import start without an entry)."
        columns={[
          { header: 'When', cell: (h) => formatInstant(h.at) },
          { header: 'What', cell: (h) => describe(h) },
          { header: 'By', cell: (h) => actedBy(h) },
        ]}
      />
    </section>
  );
}

/** The button, and what became of the last press. */
function RemindNow(props: { number: number; onSent: () => void }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const remind = async () => {
    setBusy(true);
    try {
      const { reminder } = await remindLoan(props.number);
      const text =
        reminder.status === 'sent'
          ? `Reminder sent to ${reminder.recipients} address(es).`
          : `The mail server did not take the reminder: ${reminder.lastError ?? 'no reason given'}. Desk tries again later.`;
      setSaid({ text, error: reminder.status !== 'sent' });
      announce(text, reminder.status === 'sent' ? 'ok' : 'error');
      props.onSent();
    } catch (e) {
      const text =
        e instanceof ApiError && e.status === 429
          ? 'This loan was reminded less than an hour ago. Try again later.'
          : messageOf(e);
      setSaid({ text, error: true });
      announce(text, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="form-buttons">
      <button type="button" class="primary" onClick={remind} disabled={busy}>
        {busy ? 'Sending…' : 'Remind now'}
      </button>
      {said && <p class={`notice ${said.error ? 'notice-error' : 'notice-ok'}`}>{said.text}</p>}
    </div>
  );
}

/**
 * Correcting a loaner (`loan.manage`, while nobody holds it): its serial as printed on it, or the
 * group it lives in. Closed until asked for; what the server refuses shows beside its field.
 */
function CorrectLoaner(props: { loan: Loan; onSaved: () => void }) {
  const { loan } = props;
  const [open, setOpen] = useState(false);
  const [serial, setSerial] = useState(loan.serial);
  const [groupId, setGroupId] = useState(loan.groupId);
  const groups = useResource(() => (open ? loanGroups() : Promise.resolve(undefined)), [open]);
  const form = useSubmit(async () => {
    const body = {
      ...(serial.trim() !== loan.serial ? { serial: serial.trim() } : {}),
      ...(groupId !== loan.groupId ? { groupId } : {}),
    };
    if (Object.keys(body).length > 0) await updateLoan(loan.number, body);
    announce(`Loaner ${loan.number} saved`);
    setOpen(false);
    props.onSaved();
  });
  if (!open) {
    return (
      <div class="form-buttons">
        <button type="button" onClick={() => (setSerial(loan.serial), setGroupId(loan.groupId), setOpen(true))}>
          Correct serial or group
        </button>
      </div>
    );
  }
  return (
    <form class="record-form" onSubmit={form.submit} noValidate aria-label={`Correct loaner ${loan.number}`}>
      <TextField
        label="Serial"
        value={serial}
        autocomplete="off"
        spellcheck={false}
        error={form.error('serial')}
        onInput={(e: Event) => setSerial((e.currentTarget as HTMLInputElement).value)}
      />
      <SelectField
        label="Loan group"
        value={groupId}
        error={form.error('groupId')}
        onChange={(e: Event) => setGroupId((e.currentTarget as HTMLSelectElement).value)}
        choices={(groups.data?.loanGroups ?? [{ id: loan.groupId, name: loan.groupName }]).map((g) => ({
          value: g.id,
          label: g.name,
        }))}
      />
      <FormProblem form={form} />
      <div class="form-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          Save
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
