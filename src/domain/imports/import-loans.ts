import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { TabularRecord } from '../../ports/tabular-file.js';
import { LOAN_KINDS, type Loan, type LoanGroup, type LoanKind } from '../loans/loan.js';
import type { Actor } from '../shared/actor.js';
import { conflict, DomainError } from '../shared/errors.js';
import type { UseCase } from '../shared/use-case.js';
import { readHeader, requireColumns, RowReader, type Header } from './columns.js';
import { archiveMissingPeopleOnly } from './import-devices.js';
import { ImportRunner, importInput, newCounts, type ImportReport, type Importer } from './import-run.js';
import { KeyIndex } from './key-index.js';
import { LineSet } from './line-set.js';
import type { RowProblems } from './row-problems.js';

export const LOAN_COLUMNS = ['serial', 'kind', 'group'] as const;
type LoanField = (typeof LOAN_COLUMNS)[number];

interface LoanRow {
  readonly line: number;
  readonly serial: string;
  readonly kind: LoanKind;
  readonly group: string;
}

/**
 * A loaner file, row by row (see ImportRunner for the passes), keyed by serial (once per file).
 * Groups are named; a name the tenant lacks is created (once, however many rows name it). A new
 * serial is a new unit, AVAILABLE, with the next loan numbers (never reused). A stored unit moves to
 * the row's group unless it is ISSUED (its holder has it: return it first). A unit's kind never
 * changes (as in the console): a row with another kind is a problem.
 */
class LoansImporter implements Importer<LoanRow> {
  readonly counts = newCounts();
  readonly changes = new LineSet();
  readonly format = 'desk' as const;
  ignoredColumns: readonly string[] = [];
  private header_: Header<LoanField> | null = null;
  private readonly serials = new KeyIndex();
  /** Group name → id: the tenant's groups as found, and those this import creates. */
  private readonly groups = new Map<string, string>();

  constructor(
    private readonly tenantId: string,
    private readonly ids: IdGenerator,
    /** Whether a validating pass read the file first (this pass writes). */
    private readonly validated: boolean,
  ) {}

  header(record: TabularRecord, problems: RowProblems): boolean {
    const header = readHeader(record, LOAN_COLUMNS, problems);
    requireColumns(header, LOAN_COLUMNS, problems);
    this.header_ = header;
    this.ignoredColumns = header.ignored;
    return !problems.any;
  }

  parse(record: TabularRecord, problems: RowProblems): LoanRow | null {
    const r = new RowReader(this.header_!, record, problems);
    const serial = r.text('serial', 100, { required: true });
    const kind = r.choice('kind', LOAN_KINDS, { required: true });
    const group = r.text('group', 100, { required: true });
    if (!r.ok || !serial || !kind || !group) return null;
    return { line: record.line, serial, kind, group };
  }

  async plan(repos: Repositories, rows: readonly LoanRow[], problems: RowProblems, write: boolean) {
    // Serials once per file: checked by the validating pass, which saw every row.
    const unique = rows.filter((row) => {
      if (this.validated) return true;
      const earlier = this.serials.get(row.serial);
      if (earlier === undefined) this.serials.set(row.serial, row.line);
      else problems.add(row.line, 'serial', `also on line ${earlier}`);
      return earlier === undefined;
    });
    const newGroups = await this.groupsOf(repos, unique);
    const stored = new Map(
      (
        await repos.loans.findBySerials(
          this.tenantId,
          unique.map((r) => r.serial),
        )
      ).map((l) => [l.serial, l]),
    );

    const created: Omit<Loan, 'number'>[] = [];
    const moved: Loan[] = [];
    for (const row of unique) {
      const groupId = this.groups.get(row.group)!;
      const loan = stored.get(row.serial);
      if (!loan) {
        this.changes.add(row.line);
        created.push({
          id: this.ids.next(),
          kind: row.kind,
          serial: row.serial,
          groupId,
          status: 'AVAILABLE',
          holderId: null,
          userGroup: null,
          issuedAt: null,
          dueDate: null,
          version: 1,
        });
      } else if (loan.kind !== row.kind) {
        problems.add(row.line, 'kind', `loaner ${loan.number} is of kind ${loan.kind}: a unit's kind does not change`);
      } else if (loan.groupId === groupId) {
        this.counts.unchanged++;
      } else if (loan.status === 'ISSUED') {
        problems.add(
          row.line,
          'group',
          `loaner ${loan.number} is out on loan: it changes group only once it is returned (it is in ${loan.groupName})`,
        );
      } else {
        const { groupName: _g, holderName: _h, ...unit } = loan;
        moved.push({ ...unit, groupId });
        this.changes.add(row.line);
      }
    }
    this.counts.created += created.length;
    this.counts.updated += moved.length;
    if (!write || problems.any) return;
    if (newGroups.length) await repos.loanGroups.insertMany(this.tenantId, newGroups);
    if (created.length) {
      const first = await repos.tenants.takeNumbers(this.tenantId, 'loan', created.length);
      await repos.loans.insertMany(
        this.tenantId,
        created.map((l, i) => ({ ...l, number: first + i })),
      );
    }
    for (const loan of moved)
      if (!(await repos.loans.update(this.tenantId, loan)))
        throw conflict(
          `loaner ${loan.number} was changed while the file was imported; nothing was imported, try again`,
        );
  }

  async finish() {}

  /** Finds the groups the rows name; plans the missing ones (returned: created when writing). */
  private async groupsOf(repos: Repositories, rows: readonly LoanRow[]): Promise<LoanGroup[]> {
    const unknown = [...new Set(rows.map((r) => r.group))].filter((name) => !this.groups.has(name));
    if (unknown.length === 0) return [];
    for (const g of await repos.loanGroups.findByNames(this.tenantId, unknown)) this.groups.set(g.name, g.id);
    const missing = unknown.filter((name) => !this.groups.has(name)).map((name) => ({ id: this.ids.next(), name }));
    for (const g of missing) this.groups.set(g.name, g.id);
    this.counts.groupsCreated += missing.length;
    return missing;
  }
}

/**
 * `desk import <tenant> loans`, `POST /api/import/loans`: loaner units into the pool. Needs the loans
 * module and loan.manage, and the whole pool: a caller limited to some loan groups cannot import.
 */
@injectable()
export class ImportLoans implements UseCase<typeof importInput, { import: ImportReport }> {
  static readonly required = ['module.loans', 'loan.manage'] as const;
  static readonly input = importInput;

  constructor(
    @inject(ImportRunner) private readonly runner: ImportRunner,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(actor: Actor, input: z.output<typeof importInput>) {
    if (input.archiveMissing === true) throw archiveMissingPeopleOnly();
    if (actor.loanGroupIds !== null)
      throw new DomainError('forbidden', 'importing loans needs the whole pool, not some loan groups');
    return this.runner.run(
      actor,
      'loans',
      input,
      ({ previous }) => new LoansImporter(actor.tenant.id, this.ids, previous !== null),
    );
  }
}
