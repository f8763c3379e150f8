import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import { MalformedTabularFile, TabularFile, type TabularRecord } from '../../ports/tabular-file.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Actor } from '../shared/actor.js';
import { auditActor, recordChange } from '../shared/record-change.js';
import { LineSet } from './line-set.js';
import { RowProblems } from './row-problems.js';

export const IMPORT_KINDS = ['people', 'devices', 'loans'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Rows looked up and written together: one batch lookup per key, one bulk write per chunk. */
export const IMPORT_CHUNK_ROWS = 1_000;

/** `true`/`false` as a boolean or as query-string text; anything else is refused, never guessed. */
const flag = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
      error: 'must be true or false',
    })
    .optional();

/** The input of every import: the file, and what to do with it. */
export const importInput = z
  .object({
    file: z.custom<TabularFile>((v) => v instanceof TabularFile, { error: 'must be a CSV file' }),
    dryRun: flag().describe('true: validate and count, write nothing'),
    archiveMissing: flag().describe('true: archive the people of the tenant the file does not list (people only)'),
  })
  .strict();
export type ImportInput = z.output<typeof importInput>;

/** A person the file left out who was not archived, because they still hold something. */
export const notArchivedSchema = z.object({
  id: z.string(),
  name: z.string(),
  externalId: z.string().nullable(),
  loans: z.array(z.number().int()).describe('Numbers of the loaners they hold'),
  devices: z.array(z.string()).describe('Serials of the devices assigned to them'),
});
export type NotArchived = z.output<typeof notArchivedSchema>;

/** At most this many people are named in `notArchived.people`; `notArchived.total` counts them all. */
export const NOT_ARCHIVED_LISTED = 100;

/** What an import did (or, on a dry run, would do). */
export const importReportSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.boolean(),
  format: z
    .enum(['desk', 'oneroster'])
    .describe("`desk` (Desk's own columns) or `oneroster` (a OneRoster 1.1 users.csv)"),
  rows: z.number().int().describe('Data rows read (the header and blank lines not counted)'),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  archived: z.number().int(),
  restored: z.number().int().describe('Archived people the file lists again: restored (counted in `updated` too)'),
  skipped: z
    .number()
    .int()
    .describe('Rows a OneRoster file holds that are no pupil or staff of Desk (guardians, disabled accounts)'),
  groupsCreated: z.number().int().describe('Loan groups named by the file that did not exist: created'),
  notArchived: z.object({
    total: z.number().int(),
    people: z.array(notArchivedSchema).describe(`At most ${NOT_ARCHIVED_LISTED}; \`total\` counts them all`),
  }),
  ignoredColumns: z
    .array(z.string())
    .describe('Header cells that name no column of this import: their cells were not read'),
});
export type ImportReport = z.output<typeof importReportSchema>;

/** What an import answers with. */
export const importResultSchema = z.object({ import: importReportSchema });

/** The counts an importer keeps while it reads (the rest of the report is the engine's). */
export interface ImportCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  restored: number;
  skipped: number;
  groupsCreated: number;
  notArchivedTotal: number;
  notArchived: NotArchived[];
}

export const newCounts = (): ImportCounts => ({
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  archived: 0,
  restored: 0,
  skipped: 0,
  groupsCreated: 0,
  notArchivedTotal: 0,
  notArchived: [],
});

/** How a pass reaches the repositories: a read per chunk (validating), or the one transaction (writing). */
export type WithRepos = <T>(work: (repos: Repositories) => Promise<T>) => Promise<T>;

/**
 * One pass of one kind of import over the file. The engine hands it the header, then each data row,
 * then chunks of parsed rows to plan — look up, decide, and (when `write`) write — then `finish`.
 * An importer instance reads the file once: the writing pass gets a fresh one, made with the
 * validating pass's importer (`previous`), whose `changes` name the only rows it is given.
 */
export interface Importer<R> {
  readonly counts: ImportCounts;
  /** The lines whose rows change something (filled by the validating pass). */
  readonly changes: LineSet;
  /** Reads the header; false when the file cannot be read with it (its problems are recorded). */
  header(record: TabularRecord, problems: RowProblems): boolean;
  readonly format: 'desk' | 'oneroster';
  readonly ignoredColumns: readonly string[];
  /** A data row: parsed (problems recorded), or null when it has problems or is to be skipped. */
  parse(record: TabularRecord, problems: RowProblems): R | null;
  /** Decides what each row of a chunk does, and writes it when `write` (never after a problem). */
  plan(repos: Repositories, rows: readonly R[], problems: RowProblems, write: boolean): Promise<void>;
  /** After the last chunk (archiving the people a file leaves out). */
  finish(withRepos: WithRepos, problems: RowProblems, write: boolean): Promise<void>;
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * The imports' engine (issue 12, point 8), shared by ImportPeople, ImportDevices and ImportLoans, which
 * admit the caller and bring the importer of their kind.
 *
 * Pass 1 reads the whole file and checks every row — its cells, duplicates within the file, what it
 * names in the database (a person, a group) and what it would change — looking the rows up a chunk at
 * a time in plain reads, and counts what it would do. Any problem: `invalid`, listing each line and
 * field, and nothing is written (the database was only read). A dry run ends here with that count.
 *
 * Pass 2 reads the file again inside ONE transaction and, for the rows pass 1 found to change
 * something (a bit per line), does the same again, writing each chunk as it goes (batch lookups, bulk
 * inserts and updates); the rows pass 1 found unchanged are not looked up again (a nightly roster is
 * mostly those). Something that changed between the passes and makes a row wrong is found again
 * there: the transaction is rolled back and the answer is the same `invalid`; a record changed
 * between the passes that the file leaves as it was is left with that change. When pass 1 found
 * nothing to change, pass 2 is not needed: the transaction only records the import. Either way one
 * audit entry with the counts and one `import.completed` event, in that transaction.
 *
 * Memory stays flat: rows are held a chunk at a time; what must be remembered per row (keys seen,
 * people matched) is a 64-bit fingerprint in a KeyIndex, and one bit in a LineSet.
 */
@injectable()
export class ImportRunner {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async run<R>(
    actor: Actor,
    kind: ImportKind,
    input: ImportInput,
    importer: (ctx: { at: string; previous: Importer<R> | null }) => Importer<R>,
  ): Promise<{ import: ImportReport }> {
    const at = this.clock.now().toISOString();
    const first = importer({ at, previous: null });
    const planned = await this.validate(kind, input.file, first);
    if (input.dryRun === true) return { import: planned };

    const changes = planned.created + planned.updated + planned.archived + planned.groupsCreated;
    return this.uow.transaction(async (repos) => {
      let done: ImportReport = { ...planned, dryRun: false };
      if (changes > 0) {
        const second = importer({ at, previous: first });
        const again = new RowProblems();
        await this.pass(input.file, second, again, (work) => work(repos), true, first.changes);
        if (again.any) throw again.error();
        const c = second.counts;
        done = {
          ...this.report(kind, second, false),
          rows: planned.rows,
          skipped: planned.skipped,
          unchanged: planned.unchanged + c.unchanged,
        };
      }
      const counts = {
        kind,
        created: done.created,
        updated: done.updated,
        unchanged: done.unchanged,
        archived: done.archived,
      };
      await recordChange(repos, this.ids, {
        tenantId: actor.tenant.id,
        actor: auditActor(actor),
        action: `import.${kind}`,
        target: `import:${kind}`,
        at,
        details: {
          ...counts,
          format: done.format,
          rows: done.rows,
          restored: done.restored,
          skipped: done.skipped,
          groupsCreated: done.groupsCreated,
          notArchived: done.notArchived.total,
          archiveMissing: input.archiveMissing === true,
        },
        event: { kind: 'import.completed', payload: { import: counts } },
      });
      return { import: done };
    });
  }

  /** Pass 1: reads and checks everything, writing nothing; the report of what a real run would do. */
  private async validate<R>(kind: ImportKind, file: TabularFile, importer: Importer<R>): Promise<ImportReport> {
    const problems = new RowProblems();
    await this.pass(file, importer, problems, (work) => this.uow.read(work), false, null);
    if (problems.any) throw problems.error();
    return this.report(kind, importer, true);
  }

  /** One pass over the file; `only`: the lines to read rows of (the writing pass), null for all. */
  private async pass<R>(
    file: TabularFile,
    importer: Importer<R>,
    problems: RowProblems,
    withRepos: WithRepos,
    write: boolean,
    only: LineSet | null = null,
  ): Promise<void> {
    let header = true;
    let chunk: R[] = [];
    const flush = async () => {
      const rows = chunk;
      chunk = [];
      await withRepos((repos) => importer.plan(repos, rows, problems, write));
    };
    try {
      for await (const record of file.records()) {
        if (isBlank(record.cells)) continue;
        if (header) {
          header = false;
          if (!importer.header(record, problems)) return;
          continue;
        }
        if (only !== null && !only.has(record.line)) continue;
        importer.counts.rows++;
        const row = importer.parse(record, problems);
        if (row !== null) chunk.push(row);
        if (chunk.length >= IMPORT_CHUNK_ROWS) await flush();
      }
    } catch (e) {
      if (!(e instanceof MalformedTabularFile)) throw e;
      problems.add(e.line, null, e.reason);
    }
    if (header) {
      problems.add(1, null, 'the file is empty: it needs a header row naming its columns');
      return;
    }
    if (chunk.length > 0) await flush();
    if (!problems.any) await importer.finish(withRepos, problems, write);
  }

  private report<R>(kind: ImportKind, importer: Importer<R>, dryRun: boolean): ImportReport {
    const c = importer.counts;
    return {
      kind,
      dryRun,
      format: importer.format,
      rows: c.rows,
      created: c.created,
      updated: c.updated,
      unchanged: c.unchanged,
      archived: c.archived,
      restored: c.restored,
      skipped: c.skipped,
      groupsCreated: c.groupsCreated,
      notArchived: { total: c.notArchivedTotal, people: c.notArchived },
      ignoredColumns: [...importer.ignoredColumns],
    };
  }
}
