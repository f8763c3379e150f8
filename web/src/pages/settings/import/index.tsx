/**
 * Import: a CSV of people, devices or loan units, checked first (a dry run: what it would create and
 * change, and every bad line with its field), then applied once confirmed. The server takes a file
 * whole or not at all; when only some lines are bad the page offers to import the others, by blanking
 * the bad lines (so line numbers stay those of the user's file) and checking that file again, which
 * is what it then sends. The CSV exports of the same records are here too (export, edit, import).
 */
import { useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../../api/client.js';
import { exportAddress, importCsv, type ImportReport } from '../../../api/records.js';
import { formatCount } from '../../../format.js';
import { query, setQuery } from '../../../router.js';
import { confirm } from '../../../ui/confirm.js';
import { CheckboxField, SelectField } from '../../../ui/field.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, PageHeader } from '../../../ui/page.js';
import '../../../ui/panel.css';
import { DataTable } from '../../../ui/table.js';
import { blankLines } from './csv-lines.js';
import './import.css';
import { exportKinds, importKinds, KIND_LABELS, type ImportKind } from './kinds.js';

interface Problem {
  /** The file's line (1 is the header); null for a problem about the whole file. */
  readonly line: number | null;
  readonly field: string | null;
  readonly message: string;
}

type Stage =
  | { readonly step: 'choose' }
  | { readonly step: 'busy'; readonly doing: string }
  | {
      readonly step: 'checked';
      /** What would happen; null when the file cannot be imported as it is. */
      readonly report: ImportReport | null;
      readonly problems: readonly Problem[];
      /** The lines left out (their records blanked), when the report is of the other lines. */
      readonly leftOut: readonly number[];
      /** What applying sends. */
      readonly body: Blob | string;
    }
  | { readonly step: 'applied'; readonly report: ImportReport; readonly leftOut: readonly number[] }
  | { readonly step: 'failed'; readonly error: unknown };

/** Rounds of blanking bad lines before giving up (leaving lines out can uncover others). */
const ROUNDS = 3;

/** The problems a 400 names: `/rows/17/email`, `/rows/17`, `/rows/1/kind` (the header), `/rows` (the rest). */
function problemsOf(e: ApiError): Problem[] {
  const problems: Problem[] = [];
  for (const [pointer, message] of e.fields) {
    const m = /^rows\/(\d+)(?:\/(.+))?$/.exec(pointer);
    problems.push(m ? { line: Number(m[1]), field: m[2] ?? null, message } : { line: null, field: null, message });
  }
  if (problems.length === 0) problems.push({ line: null, field: null, message: messageOf(e) });
  return problems;
}

const isFileProblem = (e: unknown): e is ApiError =>
  e instanceof ApiError &&
  e.status === 400 &&
  e.kind === 'invalid-input' &&
  [...e.fields.keys()].some((k) => k.startsWith('rows'));

export default function Import() {
  const kinds = importKinds();
  const asked = query.value.get('kind') as ImportKind | null;
  const kind: ImportKind = asked && kinds.includes(asked) ? asked : kinds[0]!;
  const [file, setFile] = useState<File | null>(null);
  const [archiveMissing, setArchiveMissing] = useState(false);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [inputKey, setInputKey] = useState(0);

  const startAgain = () => {
    setStage({ step: 'choose' });
    setFile(null);
    setInputKey((k) => k + 1);
  };

  const check = async () => {
    if (!file) return;
    setStage({ step: 'busy', doing: 'Checking the file…' });
    const flags = { dryRun: true, archiveMissing: kind === 'people' && archiveMissing };
    try {
      const report = await importCsv(kind, file, flags);
      setStage({ step: 'checked', report, problems: [], leftOut: [], body: file });
      announce(`Checked: ${formatCount(report.rows)} rows, no problems`);
      return;
    } catch (e) {
      if (!isFileProblem(e)) {
        setStage({ step: 'failed', error: e });
        announce(messageOf(e), 'error');
        return;
      }
      const problems = problemsOf(e);
      // Only lines of data can be left out; and with "archive missing" a left-out person would be archived.
      const canLeaveOut = !flags.archiveMissing && problems.every((p) => p.line !== null && p.line > 1);
      if (!canLeaveOut) {
        setStage({ step: 'checked', report: null, problems, leftOut: [], body: file });
        announce(`The file has problems: ${messageOf(e)}`, 'error');
        return;
      }
      // Check the file again without the bad lines, to say what importing the others would do.
      const all = [...problems];
      const text = await file.text();
      for (let round = 0; round < ROUNDS; round++) {
        const lines = new Set(all.map((p) => p.line!));
        const body = blankLines(text, lines);
        try {
          const report = await importCsv(kind, body, flags);
          const leftOut = [...lines].sort((a, b) => a - b);
          setStage({ step: 'checked', report, problems: all, leftOut, body });
          announce(`${formatCount(leftOut.length)} bad lines; the other rows can be imported`, 'error');
          return;
        } catch (again) {
          if (!isFileProblem(again)) break;
          const more = problemsOf(again);
          if (more.some((p) => p.line === null || p.line <= 1)) break;
          all.push(...more.filter((p) => !lines.has(p.line!)));
        }
      }
      setStage({ step: 'checked', report: null, problems: all, leftOut: [], body: file });
      announce('The file has problems', 'error');
    }
  };

  const apply = async () => {
    if (stage.step !== 'checked' || !stage.report) return;
    const r = stage.report;
    const what = `${formatCount(r.created)} new, ${formatCount(r.updated)} changed${
      r.archived ? `, ${formatCount(r.archived)} archived` : ''
    }`;
    const yes = await confirm({
      title: `Import ${KIND_LABELS[kind].toLowerCase()}?`,
      message:
        `${what}.` +
        (stage.leftOut.length > 0
          ? ` ${formatCount(stage.leftOut.length)} bad ${stage.leftOut.length === 1 ? 'line is' : 'lines are'} left out (${stage.leftOut.join(', ')}).`
          : ''),
      confirmLabel: 'Import',
    });
    if (!yes) return;
    const { body, leftOut } = stage;
    setStage({ step: 'busy', doing: 'Importing…' });
    try {
      const report = await importCsv(kind, body, {
        dryRun: false,
        archiveMissing: kind === 'people' && archiveMissing,
      });
      setStage({ step: 'applied', report, leftOut });
      announce(`Imported: ${formatCount(report.created)} new, ${formatCount(report.updated)} changed`);
    } catch (e) {
      // Someone changed the records since the check, or the file: say so and offer to check again.
      setStage({ step: 'failed', error: e });
      announce(messageOf(e), 'error');
    }
  };

  const busy = stage.step === 'busy';
  return (
    <section>
      <PageHeader title="Import" />
      <form
        class="ops-panel"
        aria-label="File to import"
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <div class="ops-form-grid">
          <SelectField
            label="What the file holds"
            value={kind}
            disabled={busy}
            onChange={(e) => {
              setQuery({ kind: (e.currentTarget as HTMLSelectElement).value }, { replace: true });
              setStage({ step: 'choose' });
            }}
            choices={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
          <div class="field">
            <label for="import-file">CSV file</label>
            <input
              key={inputKey}
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              aria-describedby="import-file-hint"
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                setStage({ step: 'choose' });
              }}
            />
            <p class="field-hint" id="import-file-hint">
              {HINTS[kind]}
            </p>
          </div>
        </div>
        {kind === 'people' && (
          <CheckboxField
            label="Archive everyone the file does not list (a full roster of leavers)"
            checked={archiveMissing}
            disabled={busy}
            onChange={(e) => {
              setArchiveMissing(e.currentTarget.checked);
              setStage({ step: 'choose' });
            }}
          />
        )}
        <div class="ops-buttons">
          <button type="submit" class="primary" disabled={!file || busy}>
            Check the file
          </button>
        </div>
      </form>

      <div aria-live="polite">
        {stage.step === 'busy' && (
          <p class="loading" role="status">
            {stage.doing}
          </p>
        )}
      </div>
      {stage.step === 'failed' && (
        <>
          <ErrorNotice error={stage.error} />
          <button type="button" onClick={() => void check()} disabled={!file}>
            Check the file again
          </button>
        </>
      )}
      {stage.step === 'checked' && (
        <section aria-labelledby="dry-run-title" class="import-result">
          <h2 id="dry-run-title">Check (nothing imported yet)</h2>
          {stage.problems.length > 0 && <Problems problems={stage.problems} />}
          {stage.report ? (
            <>
              {stage.leftOut.length > 0 && (
                <p>
                  Without the bad {stage.leftOut.length === 1 ? 'line' : 'lines'} ({stage.leftOut.join(', ')}), the
                  other rows would do this:
                </p>
              )}
              <Counts report={stage.report} bad={stage.leftOut.length} />
              <div class="ops-buttons">
                <button type="button" class="primary" onClick={() => void apply()}>
                  {stage.leftOut.length > 0 ? 'Import the other rows' : 'Import'}
                </button>
                <button type="button" onClick={startAgain}>
                  Choose another file
                </button>
              </div>
            </>
          ) : (
            <p>
              Nothing can be imported until these problems are fixed in the file
              {archiveMissing && kind === 'people'
                ? ' (with "archive everyone the file does not list" no line can be left out: its person would be archived)'
                : ''}
              .
            </p>
          )}
        </section>
      )}
      {stage.step === 'applied' && (
        <section aria-labelledby="applied-title" class="import-result">
          <h2 id="applied-title">Imported</h2>
          <Counts report={stage.report} bad={stage.leftOut.length} />
          <button type="button" onClick={startAgain}>
            Import another file
          </button>
        </section>
      )}

      <h2>Export</h2>
      <p>The same columns the import reads: export, edit in a spreadsheet, import again.</p>
      <ul class="import-exports">
        {exportKinds().map((k) => (
          <li key={k}>
            <a href={exportAddress(k)} download>
              {KIND_LABELS[k]} (CSV)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

const HINTS: Record<ImportKind, string> = {
  people:
    "Columns externalId, name (or givenName and familyName), email, kind (PUPIL or STAFF), userGroup; for pupils, optionally guardian1Name, guardian1Email, guardian1Phone, guardian1Relationship (and guardian2…), agreementSignedAt and agreementSignedBy; or a OneRoster users.csv (parents and guardians become pupils' guardians).",
  devices: 'Columns serial, kind, manufacturer, model, status, assignedTo, purchaseDate, purchaseCost, warrantyEnd.',
  loans: 'Columns serial, kind (LAPTOP or IPAD), group.',
};

function Problems(props: { problems: readonly Problem[] }) {
  const rows = props.problems.map((p, i) => ({ ...p, i }));
  return (
    <>
      <p class="import-problems-title">
        {formatCount(props.problems.length)} {props.problems.length === 1 ? 'problem' : 'problems'}:
      </p>
      <DataTable
        caption="Problems in the file"
        rows={rows}
        rowKey={(p) => p.i}
        empty=""
        columns={[
          { header: 'Line', numeric: true, cell: (p) => (p.line === null ? '—' : formatCount(p.line)) },
          { header: 'Field', cell: (p) => p.field ?? (p.line === null ? 'the file' : 'the whole line') },
          { header: 'Problem', cell: (p) => p.message },
        ]}
      />
    </>
  );
}

function Counts(props: { report: ImportReport; bad: number }) {
  const r = props.report;
  const counts: [string, number][] = [
    ['Rows read', r.rows],
    ['New', r.created],
    ['Changed', r.updated],
    ['Unchanged', r.unchanged],
  ];
  if (props.bad > 0) counts.push(['Bad lines left out', props.bad]);
  if (r.kind === 'people') counts.push(['Archived', r.archived], ['Restored', r.restored]);
  if (r.skipped) counts.push(['Skipped (not pupils or staff)', r.skipped]);
  if (r.kind === 'loans') counts.push(['Loan groups created', r.groupsCreated]);
  return (
    <>
      <dl class="tiles import-counts">
        {counts.map(([label, n]) => (
          <div class="tile" key={label}>
            <dt class="tile-label">{label}</dt>
            <dd class="tile-value">{formatCount(n)}</dd>
          </div>
        ))}
      </dl>
      {r.format === 'oneroster' && <p>Read as a OneRoster users.csv.</p>}
      {r.ignoredColumns.length > 0 && <p>Columns not read: {r.ignoredColumns.join(', ')}.</p>}
      {r.notArchived.total > 0 && (
        <>
          <p>
            {formatCount(r.notArchived.total)} {r.notArchived.total === 1 ? 'leaver is' : 'leavers are'} not archived:
            they still hold something.
          </p>
          <ul>
            {r.notArchived.people.map((p) => (
              <li key={p.id}>
                {p.name}
                {p.loans.length > 0 && ` — loans ${p.loans.join(', ')}`}
                {p.devices.length > 0 && ` — devices ${p.devices.join(', ')}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
