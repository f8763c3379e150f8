/**
 * Costs: where the money went. The breakdown (by type, by who paid, or by month, quarter or year) as a
 * chart with its table beside it, the cost register below, and recording a cost for those who may.
 * The grouping, the date range, the register's filters and its page all live in the address.
 */
import { useState } from 'preact/hooks';
import type { Coverage, CostType } from '@desk/contract';
import { ApiError } from '../../api/client.js';
import { costBreakdown, listCosts, recordCost, type CostBreakdown } from '../../api/costs.js';
import { formatCount, formatDate, formatMoney, parseMoney, todayInSchool } from '../../format.js';
import { query, setQuery } from '../../router.js';
import { can } from '../../state/session.js';
import { SelectField, TextField } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { Pager } from '../../ui/pager.js';
import { currentPage } from '../../ui/search.js';
import { DataTable } from '../../ui/table.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import { CostChart } from './chart.js';
import '../../ui/panel.css';
import './costs.css';
import {
  COST_TYPES,
  COVERAGES,
  coverageLabel,
  keyLabel,
  periodKeys,
  typeLabel,
  type By,
  type Period,
} from './labels.js';

const PAGE_SIZE = 25;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The default range, as the server's: the twelve months up to today in the school's time zone. */
function yearBefore(to: string): string {
  const d = new Date(`${to}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export default function Costs() {
  const q = query.value;
  const by = oneOf<By>(q.get('by'), ['type', 'coverage', 'period'], 'type');
  const period = oneOf<Period>(q.get('period'), ['month', 'quarter', 'year'], 'month');
  const to = DATE.test(q.get('to') ?? '') ? q.get('to')! : todayInSchool();
  const from = DATE.test(q.get('from') ?? '') ? q.get('from')! : yearBefore(to);
  const type = oneOf(q.get('type'), ['', ...COST_TYPES], '');
  const coverage = oneOf(q.get('coverage'), ['', ...COVERAGES, 'NONE'], '');
  const page = currentPage();

  const breakdown = useResource(
    () => costBreakdown({ by, period: by === 'period' ? period : undefined, from, to }),
    [by, period, from, to],
  );
  const list = useResource(
    () => listCosts({ type: type || undefined, coverage: coverage || undefined, from, to, page, pageSize: PAGE_SIZE }),
    [type, coverage, from, to, page],
  );
  const [recording, setRecording] = useState(false);
  useLiveReload(['cost.recorded', 'import.completed', 'submission.status_changed'], () => {
    breakdown.reload();
    list.reload();
  });

  return (
    <section class="costs-page">
      <PageHeader title="Costs">
        {can('cost.manage') && (
          <button type="button" class="primary" aria-expanded={recording} onClick={() => setRecording(!recording)}>
            Record a cost
          </button>
        )}
      </PageHeader>
      {recording && (
        <RecordCost
          onDone={() => {
            setRecording(false);
            breakdown.reload();
            list.reload();
          }}
        />
      )}

      <h2>Spend</h2>
      <form class="filters" aria-label="Breakdown" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Group by"
          value={by}
          onChange={(e) => setQuery({ by: (e.currentTarget as HTMLSelectElement).value })}
          choices={[
            { value: 'type', label: 'Type' },
            { value: 'coverage', label: 'Who paid (coverage)' },
            { value: 'period', label: 'Period' },
          ]}
        />
        {by === 'period' && (
          <SelectField
            label="Period"
            value={period}
            onChange={(e) => setQuery({ period: (e.currentTarget as HTMLSelectElement).value })}
            choices={[
              { value: 'month', label: 'Month' },
              { value: 'quarter', label: 'Quarter' },
              { value: 'year', label: 'Year' },
            ]}
          />
        )}
        <TextField
          label="From"
          type="date"
          value={from}
          max={to}
          onChange={(e) => DATE.test(e.currentTarget.value) && setQuery({ from: e.currentTarget.value })}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          min={from}
          onChange={(e) => DATE.test(e.currentTarget.value) && setQuery({ to: e.currentTarget.value })}
        />
        {(q.has('from') || q.has('to')) && (
          <button type="button" class="link-button costs-reset" onClick={() => setQuery({ from: null, to: null })}>
            Last 12 months
          </button>
        )}
      </form>
      <BreakdownView breakdown={breakdown} by={by} period={period} />

      <h2>Cost register</h2>
      <form class="filters" aria-label="Register filters" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Type"
          value={type}
          onChange={(e) => setQuery({ type: (e.currentTarget as HTMLSelectElement).value })}
          choices={[{ value: '', label: 'Any type' }, ...COST_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))]}
        />
        <SelectField
          label="Who paid"
          value={coverage}
          onChange={(e) => setQuery({ coverage: (e.currentTarget as HTMLSelectElement).value })}
          choices={[
            { value: '', label: 'Anyone' },
            ...[...COVERAGES, 'NONE'].map((c) => ({ value: c, label: coverageLabel(c) })),
          ]}
        />
      </form>
      <p class="field-hint">
        Entries from {formatDate(from)} to {formatDate(to)}.
      </p>
      {list.error ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <div class="cost-register">
          <DataTable
            caption="Cost entries, newest first"
            rows={list.data?.costs}
            rowKey={(c) => c.id}
            busy={list.loading}
            empty="No cost entries match."
            columns={[
              { header: 'Date', cell: (c) => formatDate(c.date) },
              { header: 'Type', cell: (c) => typeLabel(c.type) },
              { header: 'Who paid', cell: (c) => coverageLabel(c.coverage) },
              { header: 'Amount', numeric: true, cell: (c) => formatMoney(c.amountMinor) },
              { header: 'Source', cell: (c) => sourceLabel(c.source) },
              { header: 'Note', cell: (c) => c.note ?? '—' },
            ]}
          />
          {list.data && <Pager total={list.data.total} page={page} pageSize={PAGE_SIZE} label="Cost entry pages" />}
        </div>
      )}
    </section>
  );
}

const sourceLabel = (source: string): string =>
  source === 'manual' ? 'Entered by hand' : source.startsWith('submission:') ? `Repair ${source.slice(11)}` : source;

function BreakdownView(props: { breakdown: ReturnType<typeof useResource<CostBreakdown>>; by: By; period: Period }) {
  const { breakdown, by, period } = props;
  if (breakdown.error) return <ErrorNotice error={breakdown.error} onRetry={breakdown.reload} />;
  const data = breakdown.data;
  if (!data) return <Loading label="Loading the breakdown…" />;
  // The answer may be for an earlier grouping while a newer one loads: draw what it is for.
  const shown: By = data.by;
  const found = new Map(data.rows.map((r) => [r.key, r]));
  const keys =
    shown === 'period'
      ? periodKeys(data.from, data.to, by === 'period' ? period : 'month')
      : data.rows.map((r) => r.key);
  const rows = keys.map((key) => ({
    key,
    label: keyLabel(shown, key),
    count: found.get(key)?.count ?? 0,
    amountMinor: found.get(key)?.amountMinor ?? 0,
  }));
  const entries = rows.reduce((n, r) => n + r.count, 0);
  const grouping = shown === 'type' ? 'type' : shown === 'coverage' ? 'who paid' : period;
  const summary =
    `Spend by ${grouping} from ${formatDate(data.from)} to ${formatDate(data.to)}: ` +
    rows
      .filter((r) => r.count > 0)
      .map((r) => `${r.label} ${formatMoney(r.amountMinor)}`)
      .join(', ') +
    `. Total ${formatMoney(data.totalMinor)}. The table gives every figure.`;
  if (entries === 0) {
    return (
      <p class="empty">
        No costs recorded from {formatDate(data.from)} to {formatDate(data.to)}.
      </p>
    );
  }
  return (
    <div class={`cost-breakdown${breakdown.loading ? ' table-busy' : ''}`}>
      <CostChart bars={rows} summary={summary} oneSeries={shown === 'period'} />
      <DataTable
        caption={`Spend by ${grouping}, ${formatDate(data.from)} to ${formatDate(data.to)}`}
        rows={[...rows, { key: '', label: 'Total', count: entries, amountMinor: data.totalMinor }]}
        rowKey={(r) => r.key || 'total'}
        empty=""
        columns={[
          {
            header: shown === 'type' ? 'Type' : shown === 'coverage' ? 'Who paid' : 'Period',
            cell: (r) => (r.key ? r.label : <strong>Total</strong>),
          },
          { header: 'Entries', numeric: true, cell: (r) => formatCount(r.count) },
          {
            header: 'Amount',
            numeric: true,
            cell: (r) => (r.key ? formatMoney(r.amountMinor) : <strong>{formatMoney(r.amountMinor)}</strong>),
          },
          {
            header: 'Share',
            numeric: true,
            cell: (r) =>
              data.totalMinor > 0 && r.amountMinor >= 0
                ? `${Math.round((r.amountMinor / data.totalMinor) * 100)}%`
                : '—',
          },
        ]}
      />
    </div>
  );
}

function RecordCost(props: { onDone: () => void }) {
  const today = todayInSchool();
  const [type, setType] = useState<CostType>('PURCHASE');
  const [coverage, setCoverage] = useState<Coverage | ''>('');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [note, setNote] = useState('');
  const form = useSubmit(async () => {
    const amountMinor = parseMoney(amount);
    if (amountMinor === null) {
      // Said beside the field, as the server's messages are.
      throw new ApiError(
        400,
        'invalid-input',
        'Invalid input',
        '',
        new Map([['amountMinor', 'enter an amount, such as 125.50']]),
      );
    }
    await recordCost({
      type,
      coverage: coverage || null,
      amountMinor,
      date,
      note: note.trim() || null,
    });
    announce(`Cost of ${formatMoney(amountMinor)} recorded`);
    props.onDone();
  });
  return (
    <form class="ops-panel" onSubmit={form.submit} onInput={form.reset} aria-labelledby="record-cost-title">
      <h2 id="record-cost-title">Record a cost</h2>
      <p class="field-hint">A refund or a correction is a negative amount, with a note saying what it is for.</p>
      <div class="ops-form-grid">
        <SelectField
          label="Type"
          value={type}
          error={form.error('type')}
          onChange={(e) => setType((e.currentTarget as HTMLSelectElement).value as CostType)}
          choices={COST_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
        />
        <SelectField
          label="Who paid"
          value={coverage}
          error={form.error('coverage')}
          onChange={(e) => setCoverage((e.currentTarget as HTMLSelectElement).value as Coverage | '')}
          choices={[
            { value: '', label: 'Not stated' },
            ...COVERAGES.map((c) => ({ value: c, label: coverageLabel(c) })),
          ]}
        />
        <TextField
          label="Amount"
          inputMode="decimal"
          autocomplete="off"
          required
          value={amount}
          error={form.error('amountMinor')}
          onInput={(e) => setAmount(e.currentTarget.value)}
        />
        <TextField
          label="Date"
          type="date"
          required
          max={today}
          value={date}
          error={form.error('date')}
          onInput={(e) => setDate(e.currentTarget.value)}
        />
        <TextField
          label="Note"
          hint="An invoice number, a supplier…"
          maxLength={500}
          value={note}
          error={form.error('note')}
          onInput={(e) => setNote(e.currentTarget.value)}
        />
      </div>
      <FormProblem form={form} />
      <div class="ops-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Recording…' : 'Record'}
        </button>
      </div>
    </form>
  );
}
