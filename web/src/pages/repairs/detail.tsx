/**
 * One repair: what is wrong with which device, who reported it and who handles it, where it stands,
 * and what it cost. The desk assigns it to a member of staff and moves it along — offered only the
 * statuses the repair can go to from where it is — giving the cost and who pays when it is resolved.
 * Its history tells the story in words: reported, assigned, each move with its note and cost, who
 * and when.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import {
  assignRepair,
  getRepair,
  moveRepair,
  repairHistory,
  type DeviceOutcome,
  type StatusChange,
} from '../../api/repairs.js';
import type { SubmissionHistory } from '../../api/console-api.gen.js';
import { currencyDigits, formatInstant, formatMoney, parseMoney } from '../../format.js';
import { Link } from '../../router.js';
import type { PageProps } from '../../page-props.js';
import { can, me } from '../../state/session.js';
import { AssignPanel } from '../../ui/assign-panel.js';
import { confirm } from '../../ui/confirm.js';
import { SelectField, TextArea, TextField } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { canSeePeople, PersonName } from '../../ui/people.js';
import { eventRecord, useLiveReload } from '../../ui/use-live-reload.js';
import { DataTable } from '../../ui/table.js';
import { useResource } from '../../ui/use-resource.js';
import {
  closesWithoutRepair,
  COVERAGE_LABEL,
  COVERAGES,
  nextRepairStatuses,
  RepairStatusBadge,
  STATUS_LABEL,
  type Coverage,
  type Repair,
  type RepairMove,
} from './repair.js';
import './repairs.css';

type StoryEntry = SubmissionHistory['history'][number];

/** One step of the story in words, with the people by name where the server named them. */
function storyLine(h: StoryEntry): string {
  const d = h.details as {
    from?: string;
    to?: string;
    note?: string | null;
    assigneeId?: string;
    cost?: { amountMinor: number | null; coverage: Coverage | null };
    device?: { serial: string; outcome: DeviceOutcome['outcome'] };
  };
  const who = (id: string | undefined) => (id ? (h.names[id] ?? 'someone no longer in the school') : 'someone');
  const status = (s: string | undefined) => (s ? (STATUS_LABEL[s as keyof typeof STATUS_LABEL] ?? s) : '');
  switch (h.action) {
    case 'submission.create':
      return 'Reported';
    case 'submission.assign':
      return `Assigned to ${who(d.to)}`;
    case 'submission.status': {
      const parts = [`${status(d.from)} → ${status(d.to)}`];
      if (d.assigneeId) parts.push(`taken by ${who(d.assigneeId)}`);
      if (d.cost?.amountMinor !== undefined && d.cost.amountMinor !== null) {
        parts.push(
          `cost ${formatMoney(d.cost.amountMinor)}${d.cost.coverage ? ` (${COVERAGE_LABEL[d.cost.coverage]} pays)` : ''}`,
        );
      }
      if (d.device && OUTCOME[d.device.outcome]) parts.push(`device ${d.device.serial} ${OUTCOME[d.device.outcome]}`);
      return parts.join('; ') + (d.note ? `: “${d.note}”` : '');
    }
    default:
      return h.action;
  }
}

/** What the move did to the register device, in words (the API's `device.outcome`). */
const OUTCOME: Readonly<Record<DeviceOutcome['outcome'], string>> = {
  into_repair: 'is now in repair',
  back_from_repair: 'is back from repair',
  already_in_repair: 'was already in repair',
  retired: 'is retired and stays so',
  not_in_repair: 'had already been taken out of repair',
  still_in_repair: 'stays in repair for another open repair',
};

export default function RepairDetail({ params }: PageProps) {
  const id = params.id!;
  const found = useResource(() => getRepair(id), [id]);
  const story = useResource(() => repairHistory(id), [id]);
  const reload = () => (found.reload(), story.reload());
  useLiveReload(
    (e) => (e.type.startsWith('submission.') && eventRecord(e, 'submission')?.id === id) || e.type === 'cost.recorded',
    reload,
  );
  const repair = found.data?.submission;
  const title = repair ? `Repair ${repair.number}` : 'Repair';

  return (
    <section>
      <PageHeader title={title}>
        <Link href="/repairs">All repairs</Link>
      </PageHeader>
      {found.error !== undefined && !repair && <ErrorNotice error={found.error} onRetry={found.reload} />}
      {!repair && found.error === undefined && <Loading />}
      {repair && (
        <>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <RepairStatusBadge status={repair.status} />
            </dd>
            <dt>Serial</dt>
            <dd class="desk-serial">{repair.serial}</dd>
            <dt>Reported by</dt>
            <dd>
              <PersonName id={repair.reporterId} nobody="Not recorded" />
            </dd>
            <dt>Assigned to</dt>
            <dd>
              <PersonName id={repair.assigneeId} nobody="Nobody yet" />
            </dd>
            <dt>Who pays</dt>
            <dd>{repair.coverage ? COVERAGE_LABEL[repair.coverage] : 'Not said yet'}</dd>
            <dt>Cost</dt>
            <dd>{repair.costMinor === null ? 'None recorded' : formatMoney(repair.costMinor)}</dd>
            <dt>Reported</dt>
            <dd>{formatInstant(repair.createdAt)}</dd>
            <dt>Last change</dt>
            <dd>{formatInstant(repair.updatedAt)}</dd>
          </dl>
          <h2>What is wrong</h2>
          <p class="desk-text">{repair.description}</p>
          <div class="desk-panels">
            {can('repair.assign') && (repair.status === 'NEW' || repair.status === 'ASSIGNED') && canSeePeople() && (
              <AssignPanel
                assigneeId={repair.assigneeId}
                assign={async (assigneeId, who) => {
                  // Without `unassign`, the panel always names someone.
                  await assignRepair(repair.id, assigneeId!);
                  announce(`Repair ${repair.number} assigned to ${who}`);
                }}
                onDone={reload}
              />
            )}
            {can('repair.manage') && nextRepairStatuses(repair.status).length > 0 && (
              <MovePanel repair={repair} onDone={reload} />
            )}
          </div>
          <h2>History</h2>
          {story.error && !story.data ? (
            <ErrorNotice error={story.error} onRetry={story.reload} />
          ) : (
            <DataTable
              caption={`History of repair ${repair.number}`}
              rows={story.data?.history}
              rowKey={(h) => h.id}
              empty="Nothing recorded yet."
              columns={[
                { header: 'When', cell: (h) => formatInstant(h.at) },
                { header: 'What', cell: (h) => storyLine(h) },
                { header: 'By', cell: (h) => (h.actor.via ? `${h.actor.name}, via ${h.actor.via}` : h.actor.name) },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}

function MovePanel(props: { repair: Repair; onDone: () => void }) {
  const { repair } = props;
  const next = nextRepairStatuses(repair.status);
  const [to, setTo] = useState<RepairMove>(next[0]!);
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [coverage, setCoverage] = useState<Coverage | ''>(repair.coverage ?? '');
  // The repair moved (here or elsewhere): offer what it can do from where it is now.
  useEffect(() => setTo(nextRepairStatuses(repair.status)[0]!), [repair.status]);
  const currency = me.value?.tenant.currency ?? '';
  const resolving = to === 'RESOLVED';
  const noteNeeded = closesWithoutRepair(repair.status, to);

  const form = useSubmit(async () => {
    const body: StatusChange = {
      status: to,
    };
    if (note.trim()) body.note = note.trim();
    if (resolving) {
      const minor = parseMoney(amount);
      if (minor === null) {
        const example = currencyDigits() > 0 ? `125.${'5'.padEnd(currencyDigits(), '0')}` : '125';
        const message = `Enter the cost in ${currency}, such as ${example} (0 when it cost nothing)`;
        throw new ApiError(400, 'invalid-input', '', '', new Map([['cost/amountMinor', message]]));
      }
      body.cost = { amountMinor: minor, ...(coverage ? { coverage } : {}) };
    }
    if (to === 'CLOSED') {
      const yes = await confirm({
        title: `Close repair ${repair.number}?`,
        message: 'A closed repair does not change any more. A new fault is reported as a new repair.',
        confirmLabel: 'Close the repair',
        danger: true,
      });
      if (!yes) return;
    }
    const { device } = await moveRepair(repair.id, body);
    const about = device && OUTCOME[device.outcome] ? `; device ${device.serial} ${OUTCOME[device.outcome]}` : '';
    announce(`Repair ${repair.number} is ${STATUS_LABEL[to].toLowerCase()}${about}`);
    setNote('');
    setAmount('');
    props.onDone();
  });
  const amountError = form.error('cost/amountMinor') ?? form.error('cost');

  return (
    <form class="desk-panel" onSubmit={form.submit} aria-labelledby="move-heading" noValidate>
      <h2 id="move-heading">Move the repair</h2>
      <SelectField
        label="New status"
        value={to}
        onChange={(e: Event) => (setTo((e.currentTarget as HTMLSelectElement).value as RepairMove), form.reset())}
        choices={next.map((s) => ({
          value: s,
          label: closesWithoutRepair(repair.status, s)
            ? `${STATUS_LABEL[s]} (no repair needed)`
            : repair.status === 'NEW' && s === 'IN_REPAIR'
              ? `${STATUS_LABEL[s]} (assigned to you)`
              : STATUS_LABEL[s],
        }))}
        error={form.error('status')}
      />
      {resolving && (
        <>
          <TextField
            label={`Cost (${currency})`}
            inputMode="decimal"
            autocomplete="off"
            value={amount}
            onInput={(e: Event) => setAmount((e.currentTarget as HTMLInputElement).value)}
            error={amountError}
            hint="What the repair cost; 0 when it cost nothing. Recorded as a repair cost, dated today."
          />
          <SelectField
            label="Who pays"
            value={coverage}
            onChange={(e: Event) => setCoverage((e.currentTarget as HTMLSelectElement).value as Coverage | '')}
            choices={[
              ...(repair.coverage ? [] : [{ value: '', label: 'Choose who pays' }]),
              ...COVERAGES.map((c) => ({ value: c, label: COVERAGE_LABEL[c] })),
            ]}
            error={form.error('cost/coverage')}
          />
        </>
      )}
      <TextArea
        label={noteNeeded ? 'Why no repair is needed' : 'Note (optional)'}
        value={note}
        onInput={(e: Event) => setNote((e.currentTarget as HTMLTextAreaElement).value)}
        error={form.error('note')}
        hint={
          noteNeeded
            ? 'Required: no fault found, reported twice, reported in error… It shows in the history below.'
            : 'What was done or found. It shows in the history below.'
        }
        maxLength={2000}
      />
      <FormProblem form={form} />
      <button type="submit" class="primary" disabled={form.busy}>
        {resolving ? 'Resolve the repair' : `Move to ${STATUS_LABEL[to].toLowerCase()}`}
      </button>
    </form>
  );
}
