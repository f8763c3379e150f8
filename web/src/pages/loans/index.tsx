/**
 * Loans: the loaner pool as a table, with the inventory filters of seed §4.4 as controls. Every filter
 * and the page live in the address (a reload or a shared link shows the same rows), and each row
 * offers the moves its status allows to those who may make them: issue (a small form), return,
 * withdraw and restore (each confirmed). A refusal (409: someone else was faster) is said in words and
 * the table reloads. Events from other desks reload it too.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatDate } from '../../format.js';
import { Link, query, setQuery } from '../../router.js';
import { can } from '../../state/session.js';
import { CheckboxField, SelectField, TextField } from '../../ui/field.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, PageHeader } from '../../ui/page.js';
import { Pager } from '../../ui/pager.js';
import { currentPage, SearchBox } from '../../ui/search.js';
import { DataTable, type Column } from '../../ui/table.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import { IssueDialog } from './issue-dialog.js';
import { LoanActions, moveLoan, type LoanMove } from './loan-actions.js';
import {
  inventory,
  KIND_LABELS,
  loanGroups,
  STATUS_LABELS,
  type Loan,
  type LoanKind,
  type LoanStatus,
} from '../../api/loans.js';
import './loans.css';

const PAGE_SIZE = 50;

export default function Loans() {
  const q = query.value;
  const filters = {
    status: (q.get('status') as LoanStatus | null) ?? undefined,
    kind: (q.get('kind') as LoanKind | null) ?? undefined,
    groupId: q.get('groupId') ?? undefined,
    userGroup: q.get('userGroup') ?? undefined,
    overdue: q.get('overdue') === 'true',
    q: q.get('q') ?? undefined,
    dueDate: q.get('dueDate') ?? undefined,
  };
  const page = currentPage();
  const key = JSON.stringify([filters, page]);
  const loans = useResource(() => inventory({ ...filters, page, pageSize: PAGE_SIZE }), [key]);
  const groups = useResource(() => loanGroups(), []);
  const [issuing, setIssuing] = useState<Loan | null>(null);

  // Other desks' moves, and a resumed stream that may have missed some: reload (a little later, once).
  useLiveReload((e) => e.type.startsWith('loan.'), loans.reload);

  const move = async (loan: Loan, verb: LoanMove) => {
    await moveLoan(loan, verb);
    loans.reload();
  };

  const columns: Column<Loan>[] = [
    { header: 'Number', cell: (l) => <Link href={`/loans/${l.number}`}>{l.number}</Link>, numeric: true },
    { header: 'Serial', cell: (l) => <span class="serial">{l.serial}</span> },
    { header: 'Kind', cell: (l) => KIND_LABELS[l.kind] },
    { header: 'Group', cell: (l) => l.groupName },
    {
      header: 'Status',
      cell: (l) => (
        <span class={`badge ${l.status === 'AVAILABLE' ? 'badge-ok' : l.status === 'ISSUED' ? '' : 'badge-warn'}`}>
          {STATUS_LABELS[l.status]}
        </span>
      ),
    },
    {
      header: 'Holder',
      cell: (l) =>
        l.holder ? (
          can('module.people', 'person.view') ? (
            <Link href={`/people/${l.holder.id}`}>{l.holder.name}</Link>
          ) : (
            l.holder.name
          )
        ) : (
          '—'
        ),
    },
    { header: 'Class', cell: (l) => l.userGroup ?? '—' },
    {
      header: 'Due',
      cell: (l) => (
        <>
          {formatDate(l.dueDate)}
          {l.overdue && <span class="badge badge-danger">Overdue</span>}
        </>
      ),
    },
    { header: 'Actions', cell: (l) => <LoanActions loan={l} onIssue={() => setIssuing(l)} onMove={move} /> },
  ];

  const data = loans.data;
  return (
    <section class="loans-page">
      <PageHeader title="Loans">
        {can('loan.issue') || can('loan.return') ? <Link href="/loans/scan">Scan desk</Link> : null}
        {can('loan.manage') && (
          <Link href="/loans/add" class="button">
            Add loaners
          </Link>
        )}
      </PageHeader>
      <form class="filters" role="search" aria-label="Filter loans" onSubmit={(e) => e.preventDefault()}>
        <SearchBox label="Search" placeholder="Serial, holder, group or number" />
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(e: Event) => setQuery({ status: (e.currentTarget as HTMLSelectElement).value })}
          choices={[
            { value: '', label: 'Any status' },
            ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <SelectField
          label="Kind"
          value={filters.kind ?? ''}
          onChange={(e: Event) => setQuery({ kind: (e.currentTarget as HTMLSelectElement).value })}
          choices={[
            { value: '', label: 'Any kind' },
            ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <SelectField
          label="Group"
          value={filters.groupId ?? ''}
          onChange={(e: Event) => setQuery({ groupId: (e.currentTarget as HTMLSelectElement).value })}
          choices={[
            { value: '', label: 'Any group' },
            // A group named in the address is offered even before (or without) the list of groups.
            ...(filters.groupId && !groups.data?.loanGroups.some((g) => g.id === filters.groupId)
              ? [{ value: filters.groupId, label: 'The group in the address' }]
              : []),
            ...(groups.data?.loanGroups ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
        <ClassFilter value={filters.userGroup ?? ''} />
        <TextField
          label="Due back on"
          type="date"
          value={filters.dueDate ?? ''}
          onChange={(e: Event) => setQuery({ dueDate: (e.currentTarget as HTMLInputElement).value })}
        />
        <CheckboxField
          label="Overdue only"
          checked={filters.overdue}
          onChange={(e: Event) => setQuery({ overdue: (e.currentTarget as HTMLInputElement).checked ? 'true' : null })}
        />
      </form>
      {loans.error !== undefined && <ErrorNotice error={loans.error} onRetry={loans.reload} />}
      <DataTable
        caption="Loaners"
        columns={columns}
        rows={data?.loans}
        rowKey={(l) => l.id}
        busy={loans.loading && data !== undefined}
        empty={
          Object.values(filters).some(Boolean) ? (
            'No loan matches these filters.'
          ) : can('loan.manage') ? (
            <>
              The pool has no loaners yet. <Link href="/loans/add">Add loaners</Link>: a cart of them at once, by
              scanning or pasting their serials.
            </>
          ) : (
            'The pool has no loaners yet: ask someone who manages the pool to add them.'
          )
        }
      />
      {data && data.total > 0 && <Pager total={data.total} page={page} pageSize={PAGE_SIZE} label="Loaner pages" />}
      {issuing && (
        <IssueDialog
          loan={issuing}
          onDone={(loan) => {
            setIssuing(null);
            if (loan) {
              announce(`Loaner ${loan.number} issued to ${loan.holder?.name ?? ''}`);
              loans.reload();
            }
          }}
        />
      )}
    </section>
  );
}

/** The holder's class or department: exact, as typed (applied on Enter or when leaving the field). */
function ClassFilter(props: { value: string }) {
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  const apply = () => text.trim() !== props.value && setQuery({ userGroup: text.trim() });
  return (
    <TextField
      label="Holder's class"
      value={text}
      autocomplete="off"
      onInput={(e: Event) => setText((e.currentTarget as HTMLInputElement).value)}
      onBlur={apply}
      onKeyDown={(e: KeyboardEvent) => e.key === 'Enter' && apply()}
    />
  );
}
