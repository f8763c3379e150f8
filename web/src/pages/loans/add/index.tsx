/**
 * Add loaners (`/loans/add`, `loan.manage`): a cart's worth at once. Choose the loan group (or name a
 * new one), the kind, and the serials one per line, as a scanner types them (each scan ends with
 * Enter, which here starts the next line). The units are numbered in that order; a serial the school
 * has already, or one given twice, is named with its line and nothing is added. Below, the groups
 * with their counts, each renamed in place, and withdrawn or restored whole.
 */
import { useState } from 'preact/hooks';
import {
  addLoaners,
  createLoanGroup,
  KIND_LABELS,
  loanGroups,
  moveLoanGroup,
  renameLoanGroup,
  type LoanGroup,
  type LoanKind,
} from '../../../api/loans.js';
import { formatCount } from '../../../format.js';
import { messageOf } from '../../../api/client.js';
import { Link, navigate, query } from '../../../router.js';
import { confirm } from '../../../ui/confirm.js';
import { SelectField, TextArea, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, PageHeader } from '../../../ui/page.js';
import { DataTable } from '../../../ui/table.js';
import { useResource } from '../../../ui/use-resource.js';
import '../loans.css';

const NEW_GROUP = '';

/** The serials as typed: one per line, trimmed, blank lines dropped. */
const serialsOf = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

export default function AddLoanersPage() {
  const groups = useResource(() => loanGroups(), []);
  const list = groups.data?.loanGroups;
  const [groupId, setGroupId] = useState<string | null>(query.value.get('group'));
  const [newName, setNewName] = useState('');
  const [kind, setKind] = useState<LoanKind>('LAPTOP');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<{ name?: string; serials?: string }>({});
  // Until the user chooses, the first group (or a new one when the school has none).
  const chosen = groupId ?? list?.[0]?.id ?? NEW_GROUP;
  const serials = serialsOf(text);

  const form = useSubmit(async () => {
    const wanting = {
      ...(chosen === NEW_GROUP && !newName.trim() ? { name: 'Name the new loan group' } : {}),
      ...(serials.length === 0 ? { serials: 'Type or scan at least one serial, one per line' } : {}),
    };
    setMissing(wanting);
    if (Object.keys(wanting).length > 0) throw new Error('Some fields need attention: see the messages beside them.');
    let group: LoanGroup | undefined = list?.find((g) => g.id === chosen);
    if (chosen === NEW_GROUP) {
      group = (await createLoanGroup(newName.trim())).loanGroup;
      setGroupId(group.id);
      setNewName('');
      groups.reload();
    }
    const { loans } = await addLoaners(group!.id, kind, serials);
    const first = loans[0]!.number;
    const last = loans.at(-1)!.number;
    announce(
      `${formatCount(loans.length)} loaner${loans.length === 1 ? '' : 's'} added to ${group!.name}: ` +
        (first === last ? `number ${first}` : `numbers ${first} to ${last}`),
    );
    navigate(`/loans?groupId=${encodeURIComponent(group!.id)}`);
  });
  const serialError = missing.serials ?? form.error('serials') ?? firstSerialError(form);

  return (
    <section class="loans-page">
      <PageHeader title="Add loaners">
        <Link href="/loans" class="button">
          All loans
        </Link>
      </PageHeader>
      {groups.error && !list ? <ErrorNotice error={groups.error} onRetry={groups.reload} /> : null}
      <form class="record-form" onSubmit={form.submit} noValidate>
        <SelectField
          label="Loan group"
          value={chosen}
          hint="A cart, a desk or a shelf: where the loaners live and are booked from"
          onChange={(e: Event) => setGroupId((e.currentTarget as HTMLSelectElement).value)}
          choices={[
            ...(list ?? []).map((g) => ({ value: g.id, label: g.name })),
            { value: NEW_GROUP, label: 'A new loan group…' },
          ]}
        />
        {chosen === NEW_GROUP && (
          <TextField
            label="Name of the new group"
            value={newName}
            autocomplete="off"
            error={missing.name ?? form.error('name')}
            onInput={(e: Event) => setNewName((e.currentTarget as HTMLInputElement).value)}
          />
        )}
        <SelectField
          label="Kind"
          value={kind}
          onChange={(e: Event) => setKind((e.currentTarget as HTMLSelectElement).value as LoanKind)}
          choices={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <TextArea
          label="Serial numbers"
          rows={10}
          value={text}
          hint={
            serials.length > 0
              ? `${formatCount(serials.length)} loaner${serials.length === 1 ? '' : 's'}, numbered in this order`
              : 'One per line: scan each one, or paste a list'
          }
          error={serialError}
          spellcheck={false}
          autocomplete="off"
          onInput={(e: Event) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        />
        <FormProblem form={form} />
        <div class="form-buttons">
          <button type="submit" class="primary" disabled={form.busy}>
            {serials.length > 1 ? `Add ${formatCount(serials.length)} loaners` : 'Add loaner'}
          </button>
          <Link href="/loans" class="button">
            Cancel
          </Link>
        </div>
      </form>
      <h2>Loan groups</h2>
      <DataTable
        caption="Loan groups"
        rows={list}
        rowKey={(g) => g.id}
        busy={groups.loading && list !== undefined}
        empty="The school has no loan group yet: name one above with the first loaners."
        columns={[
          { header: 'Name', cell: (g) => <GroupName group={g} onRenamed={groups.reload} /> },
          {
            header: 'Loaners',
            numeric: true,
            cell: (g) => <Link href={`/loans?groupId=${encodeURIComponent(g.id)}`}>{formatCount(g.loans.total)}</Link>,
          },
          {
            header: 'Withdrawn',
            numeric: true,
            cell: (g) => formatCount(withdrawnOf(g)),
          },
          { header: 'Whole group', cell: (g) => <GroupMoves group={g} onMoved={groups.reload} /> },
        ]}
      />
    </section>
  );
}

/** A group as the list answers it, with its tallies. */
type ListedGroup = Awaited<ReturnType<typeof loanGroups>>['loanGroups'][number];

/** Loaners of the group neither in the pool nor out on loan: withdrawn (lost, in repair, away). */
const withdrawnOf = (g: ListedGroup) => g.loans.total - g.loans.available - g.loans.issued;

/**
 * A whole group out of service (a cart sent away for the summer) or back, confirmed first. Those out
 * on loan stay with their holders, and a repair in hand keeps its loaner out; the notice says so.
 */
function GroupMoves(props: { group: ListedGroup; onMoved: () => void }) {
  const { group } = props;
  const run = async (move: 'withdraw' | 'restore') => {
    const count = move === 'withdraw' ? group.loans.available : withdrawnOf(group);
    const asked = await confirm({
      title: move === 'withdraw' ? `Withdraw all of ${group.name}?` : `Restore all of ${group.name}?`,
      message:
        move === 'withdraw'
          ? `${formatCount(count)} loaner${count === 1 ? '' : 's'} in the pool become unavailable until restored. Those out on loan stay with their holders.`
          : `${formatCount(count)} withdrawn loaner${count === 1 ? '' : 's'} become available to issue again, except those whose repair is still in hand.`,
      confirmLabel: move === 'withdraw' ? 'Withdraw all' : 'Restore all',
      danger: move === 'withdraw',
    });
    if (!asked) return;
    try {
      const r = await moveLoanGroup(group.id, move);
      const moved = `${formatCount(r.changed.length)} loaner${r.changed.length === 1 ? '' : 's'} of ${group.name} ${move === 'withdraw' ? 'withdrawn' : 'restored'}`;
      const out = r.outOnLoan.length ? `; out on loan, left with their holders: ${r.outOnLoan.join(', ')}` : '';
      const kept = r.keptForRepair.length ? `; kept out for a repair in hand: ${r.keptForRepair.join(', ')}` : '';
      announce(moved + out + kept);
    } catch (e) {
      announce(`${group.name} could not be changed: ${messageOf(e)}`, 'error');
    }
    props.onMoved();
  };
  return (
    <span class="group-moves">
      {group.loans.available > 0 && (
        <button type="button" aria-label={`Withdraw all of ${group.name}`} onClick={() => run('withdraw')}>
          Withdraw all
        </button>
      )}
      {withdrawnOf(group) > 0 && (
        <button type="button" aria-label={`Restore all of ${group.name}`} onClick={() => run('restore')}>
          Restore all
        </button>
      )}
    </span>
  );
}

/** The server names a bad serial by its place (`serials/3`): say which line it is. */
function firstSerialError(form: ReturnType<typeof useSubmit>): string | undefined {
  for (let i = 0; i < 200; i++) {
    const message = form.error(`serials/${i}`);
    if (message) return `Line ${i + 1}: ${message}`;
  }
  return undefined;
}

/** A group's name, and renaming it in place. */
function GroupName(props: { group: LoanGroup; onRenamed: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(props.group.name);
  const form = useSubmit(async () => {
    await renameLoanGroup(props.group.id, name.trim());
    announce(`${props.group.name} is now ${name.trim()}`);
    setEditing(false);
    props.onRenamed();
  });
  if (!editing) {
    return (
      <span class="group-name">
        {props.group.name}{' '}
        <button type="button" aria-label={`Rename ${props.group.name}`} onClick={() => setEditing(true)}>
          Rename
        </button>
      </span>
    );
  }
  return (
    <form class="inline-form" onSubmit={form.submit} noValidate>
      <TextField
        label={`New name for ${props.group.name}`}
        value={name}
        autocomplete="off"
        error={form.error('name') ?? form.problem}
        onInput={(e: Event) => setName((e.currentTarget as HTMLInputElement).value)}
      />
      <button type="submit" class="primary" disabled={form.busy}>
        Save
      </button>
      <button type="button" onClick={() => (setEditing(false), setName(props.group.name))}>
        Cancel
      </button>
    </form>
  );
}
