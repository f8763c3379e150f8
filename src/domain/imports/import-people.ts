import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { TabularRecord } from '../../ports/tabular-file.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { AuditActorType } from '../audit/audit-entry.js';
import type { Agreement } from '../people/agreement.js';
import { MAX_GUARDIANS, type Guardian } from '../people/guardian.js';
import type { Person } from '../people/person.js';
import { readSchoolSetting } from '../settings/school-setting.js';
import { schoolYearOf, schoolYearSetting, type SchoolYearStart } from '../settings/school-year.js';
import type { Actor } from '../shared/actor.js';
import { dateInZone } from '../shared/dates.js';
import { auditActor } from '../shared/record-change.js';
import type { UseCase } from '../shared/use-case.js';
import {
  ImportRunner,
  importInput,
  newCounts,
  NOT_ARCHIVED_LISTED,
  type ImportReport,
  type Importer,
  type WithRepos,
} from './import-run.js';
import { KeyIndex } from './key-index.js';
import { LineSet } from './line-set.js';
import { peopleFormat, type GuardianRow, type PeopleFormat, type PersonRow } from './people-rows.js';
import type { RowProblems } from './row-problems.js';

const SCAN_PAGE = 1_000;
/** New people stored together (Postgres inserts 5,000 rows a statement). */
const INSERT_BATCH = 5_000;

/** What a people import needs of the school and the caller beyond the file. */
interface PeopleImportContext {
  readonly today: string;
  readonly yearStart: SchoolYearStart;
  /** Who agreements read from the file are recorded by: the importing actor. */
  readonly recorder: { readonly type: AuditActorType; readonly id: string };
}

/** A OneRoster student of the file: the person it is, its line, the guardians its row names. */
interface RosterPupil {
  personId: string;
  readonly line: number;
  readonly agents: readonly string[];
  /** The row itself changed nothing (counted unchanged): a guardian change makes it an update. */
  readonly unchanged: boolean;
}

const sameGuardians = (a: readonly Guardian[], b: readonly Guardian[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A pupil's guardians after a Desk file's row: guardians 1 and 2 from the file (each keeping the
 * directory id of a stored guardian with the same name and e-mail), then the stored guardians from
 * the third on, which a two-guardian file cannot describe and so leaves alone.
 */
function guardiansAfterRow(file: readonly Guardian[], stored: readonly Guardian[]): Guardian[] {
  const kept = file.map((g) => {
    const same = stored.find((s) => s.name === g.name && s.email === g.email);
    return same ? { ...g, externalId: same.externalId } : g;
  });
  return [...kept, ...stored.slice(2)];
}

const samePerson = (a: Person, b: Person) =>
  a.name === b.name &&
  a.email === b.email &&
  a.kind === b.kind &&
  a.userGroup === b.userGroup &&
  a.externalId === b.externalId &&
  a.archivedAt === b.archivedAt;

/**
 * A people file, row by row (see ImportRunner for the passes). Each row is one person, found by its
 * externalId, else by its e-mail address:
 * - a row with an externalId updates the person with that externalId; when there is none, the one
 *   person with the row's e-mail and no externalId yet (someone typed in by hand), who takes it on;
 *   when there is none either, a new person;
 * - a row without an externalId updates the one person with its e-mail (their externalId stays);
 *   none: a new person. Several people with that e-mail: a problem (the row needs an externalId).
 * Each stored person answers to one row at most, so a person the file matched is never matched again
 * by e-mail. In the file, an externalId may appear once, and a row keyed by its e-mail alone must be the
 * only row with that e-mail. An archived person the file lists is restored. With `archiveMissing`, the
 * tenant's people no row matched are archived, except those holding a loan or a device, who are listed.
 */
class PeopleImporter implements Importer<PersonRow> {
  readonly counts = newCounts();
  readonly changes = new LineSet();
  private shape: PeopleFormat | null = null;
  /** externalId → line; every row's e-mail → line; e-mails of rows without externalId → line. */
  private readonly externalIds = new KeyIndex();
  private readonly emails = new KeyIndex();
  private readonly emailKeyed = new KeyIndex();
  /** Stored (or created) people matched by a row → that line. */
  private readonly matched = new KeyIndex();
  /** New people not stored yet (the writing pass). */
  private pending: Person[] = [];
  /** OneRoster: the file's guardians (validating pass), and its students by sourcedId. */
  private readonly guardianRows: GuardianRow[] = [];
  private readonly rosterPupils = new Map<string, RosterPupil>();

  constructor(
    private readonly tenantId: string,
    private readonly ids: IdGenerator,
    private readonly at: string,
    private readonly archiveMissing: boolean,
    /** The validating pass, when this one writes: who it matched on which line. */
    private readonly previous: PeopleImporter | null,
    private readonly ctx: PeopleImportContext,
  ) {}

  get format() {
    return this.shape?.format ?? 'desk';
  }

  get ignoredColumns() {
    return this.shape?.ignoredColumns ?? [];
  }

  header(record: TabularRecord, problems: RowProblems): boolean {
    this.shape = peopleFormat(record, problems, this.ctx);
    return this.shape !== null;
  }

  parse(record: TabularRecord, problems: RowProblems): PersonRow | null {
    const row = this.shape!.parse(record, problems);
    if (row === 'skip' || (row !== null && 'guardian' in row)) {
      // A guardian is no person of Desk (counted skipped, as before); finish links it to its pupils.
      if (row !== 'skip') this.guardianRows.push(row);
      this.counts.skipped++;
      return null;
    }
    return row;
  }

  async plan(repos: Repositories, rows: readonly PersonRow[], problems: RowProblems, write: boolean) {
    // The file's own rules were checked by the validating pass, which saw every row.
    const unique = this.previous ? rows : rows.filter((row) => this.uniqueInFile(row, problems));
    const byExternalId = new Map<string, Person>();
    for (const p of await repos.people.findByExternalIds(
      this.tenantId,
      keysOf(unique, (r) => r.externalId),
    ))
      byExternalId.set(p.externalId!, p);
    const byEmail = new Map<string, Person[]>();
    const unmatched = unique.filter((r) => r.externalId === null || !byExternalId.has(r.externalId));
    for (const p of await repos.people.findByEmails(
      this.tenantId,
      keysOf(unmatched, (r) => r.email ?? null),
    ))
      byEmail.set(p.email!, [...(byEmail.get(p.email!) ?? []), p]);

    const created: Person[] = [];
    const changed: Person[] = [];
    const extras = await this.storedExtras(repos, unique, byExternalId, byEmail);
    const guardiansToSet: [string, Guardian[]][] = [];
    const agreementsToRecord: Agreement[] = [];
    for (const row of unique) {
      let stored = row.externalId === null ? undefined : byExternalId.get(row.externalId);
      if (stored === undefined && row.email) {
        // Someone no earlier row matched; a row with an externalId adopts only a person without one.
        const candidates = (byEmail.get(row.email) ?? []).filter(
          (p) => !this.matchedBefore(p.id, row.line) && (row.externalId === null || p.externalId === null),
        );
        if (candidates.length > 1) {
          problems.add(
            row.line,
            'email',
            `${candidates.length} people have this e-mail address; give the row the externalId of the one it is`,
          );
          continue;
        }
        stored = candidates[0];
      }
      if (stored !== undefined) {
        const field = row.externalId === null ? 'email' : 'externalId';
        const earlier = this.matched.get(stored.id);
        if (earlier !== undefined) {
          problems.add(row.line, field, `the same person as line ${earlier}`);
          continue;
        }
        // Writing: the person must be the one the validating pass matched to this very row.
        if (this.previous && this.previous.matched.get(stored.id) !== row.line) {
          problems.add(row.line, field, 'this person was changed while the file was imported: import it again');
          continue;
        }
      }
      const next: Person = stored
        ? {
            ...stored,
            name: row.name,
            kind: row.kind,
            email: row.email === undefined ? stored.email : row.email,
            userGroup: row.userGroup === undefined ? stored.userGroup : row.userGroup,
            externalId: row.externalId ?? stored.externalId,
            archivedAt: null,
          }
        : {
            id: this.ids.next(),
            name: row.name,
            email: row.email ?? null,
            kind: row.kind,
            userGroup: row.userGroup ?? null,
            externalId: row.externalId,
            archivedAt: null,
          };
      this.matched.set(next.id, row.line);
      // A pupil's guardians and this row's agreement: what they change on top of the person.
      let extraChange = false;
      if (row.guardians !== undefined && next.kind === 'PUPIL') {
        const before = stored ? (extras.guardians.get(stored.id) ?? []) : [];
        const after = guardiansAfterRow(row.guardians, before);
        if (after.length > MAX_GUARDIANS) {
          problems.add(row.line, 'guardian1Name', `the pupil would have ${after.length} guardians; at most ${MAX_GUARDIANS}`);
          continue;
        }
        if (!sameGuardians(before, after)) {
          guardiansToSet.push([next.id, after]);
          extraChange = true;
        }
      }
      if (row.agreement) {
        const schoolYear = schoolYearOf(row.agreement.signedAt, this.ctx.yearStart).name;
        const current = stored ? extras.agreements.get(`${schoolYear}:${stored.id}`) : undefined;
        if (current?.signedAt !== row.agreement.signedAt || current.signedBy !== row.agreement.signedBy) {
          agreementsToRecord.push({
            id: this.ids.next(),
            personId: next.id,
            schoolYear,
            ...row.agreement,
            recordedBy: { ...this.ctx.recorder },
            recordedAt: this.at,
          });
          extraChange = true;
        }
      }
      if (row.sourcedId !== undefined && next.kind === 'PUPIL') {
        this.rosterPupils.set(row.sourcedId, {
          personId: next.id,
          line: row.line,
          agents: row.agents ?? [],
          unchanged: stored !== undefined && samePerson(stored, next),
        });
      }
      if (!stored) {
        created.push(next);
        this.changes.add(row.line);
      } else if (samePerson(stored, next) && !extraChange) {
        this.counts.unchanged++;
      } else {
        if (!samePerson(stored, next)) changed.push(next);
        this.changes.add(row.line);
        if (stored.archivedAt !== null) this.counts.restored++;
        if (samePerson(stored, next)) this.counts.updated++;
      }
    }
    this.counts.created += created.length;
    this.counts.updated += changed.length;
    if (!write || problems.any) return;
    this.pending.push(...created);
    if (this.pending.length >= INSERT_BATCH) await this.insertPending(repos);
    if (changed.length) await repos.people.updateMany(this.tenantId, changed);
    // Guardians and agreements have no foreign key: a new person's may be written before the person.
    for (const [personId, guardians] of guardiansToSet) await repos.guardians.replace(this.tenantId, personId, guardians);
    for (const agreement of agreementsToRecord) await repos.agreements.record(this.tenantId, agreement);
  }

  /**
   * The stored guardians and agreements of the chunk's stored people, read once a chunk: guardians
   * of those a row gives guardians to, agreements (per `<schoolYear>:<personId>`) of the years the rows
   * name.
   */
  private async storedExtras(
    repos: Repositories,
    rows: readonly PersonRow[],
    byExternalId: ReadonlyMap<string, Person>,
    byEmail: ReadonlyMap<string, Person[]>,
  ) {
    const withGuardians: string[] = [];
    const byYear = new Map<string, string[]>();
    for (const row of rows) {
      if (row.guardians === undefined && !row.agreement) continue;
      // Candidates only (several people may share an e-mail): reading a few too many is harmless.
      const people = [
        ...(row.externalId !== null && byExternalId.has(row.externalId) ? [byExternalId.get(row.externalId)!] : []),
        ...(row.email ? (byEmail.get(row.email) ?? []) : []),
      ];
      for (const p of people) {
        if (row.guardians !== undefined) withGuardians.push(p.id);
        if (row.agreement) {
          const year = schoolYearOf(row.agreement.signedAt, this.ctx.yearStart).name;
          byYear.set(year, [...(byYear.get(year) ?? []), p.id]);
        }
      }
    }
    const guardians = await repos.guardians.listForPeople(this.tenantId, withGuardians);
    const agreements = new Map<string, Agreement>();
    for (const [year, ids] of byYear)
      for (const [id, a] of await repos.agreements.forPeople(this.tenantId, ids, year)) agreements.set(`${year}:${id}`, a);
    return { guardians, agreements };
  }

  /**
   * New people are stored a few thousand at a time: fewer statements (and statement triggers) than one
   * per chunk. Later rows never need to find them: they are matched already, and a second row with
   * their externalId is a duplicate the validating pass refused.
   */
  private async insertPending(repos: Repositories): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length) await repos.people.insertMany(this.tenantId, batch);
  }

  /** Whether a row before `line` matched (or created) this person: an e-mail never finds them again. */
  private matchedBefore(id: string, line: number): boolean {
    if (this.matched.has(id)) return true;
    const validated = this.previous?.matched.get(id);
    return validated !== undefined && validated < line;
  }

  /** The file's own rules: an externalId once; a row found by e-mail alone is the only row with it. */
  private uniqueInFile(row: PersonRow, problems: RowProblems): boolean {
    let ok = true;
    if (row.externalId !== null) {
      const earlier = this.externalIds.get(row.externalId);
      if (earlier !== undefined) {
        problems.add(row.line, 'externalId', `also on line ${earlier}`);
        ok = false;
      } else this.externalIds.set(row.externalId, row.line);
    }
    if (row.email) {
      const keyed = this.emailKeyed.get(row.email);
      const earlier = this.emails.get(row.email);
      if (keyed !== undefined) {
        problems.add(
          row.line,
          'email',
          `line ${keyed} has this e-mail address and no externalId: it is the same person`,
        );
        ok = false;
      } else if (row.externalId === null && earlier !== undefined) {
        problems.add(row.line, 'email', `also on line ${earlier}; give each row an externalId`);
        ok = false;
      }
      if (row.externalId === null && keyed === undefined) this.emailKeyed.set(row.email, row.line);
      if (earlier === undefined) this.emails.set(row.email, row.line);
    }
    return ok;
  }

  /**
   * `archiveMissing`: every person not archived whom no row matched is a leaver, archived unless they
   * still hold an issued loan or a device (then listed, so the desk can get it back). Who holds what
   * is read once, from the issued loans and the assigned devices, not per leaver.
   */
  async finish(withRepos: WithRepos, problems: RowProblems, write: boolean) {
    if (write) await withRepos((repos) => this.insertPending(repos));
    await this.linkGuardians(withRepos, problems, write);
    if (!this.archiveMissing) return;
    const holders = await withRepos((repos) => this.holders(repos));
    let after: { name: string; id: string } | null = null;
    for (;;) {
      const page = await withRepos(async (repos) => {
        const people = await repos.people.scan(this.tenantId, {}, after, SCAN_PAGE);
        const leavers = people.filter((p) => !this.matched.has(p.id) && !this.previous?.matched.has(p.id));
        const archive: Person[] = [];
        for (const p of leavers) {
          if (!holders.has(p.id)) {
            archive.push({ ...p, archivedAt: this.at });
            continue;
          }
          this.counts.notArchivedTotal++;
          if (this.counts.notArchived.length < NOT_ARCHIVED_LISTED) {
            const [loans, devices] = [
              await repos.loans.listHeldBy(this.tenantId, p.id),
              await repos.devices.listAssignedTo(this.tenantId, p.id),
            ];
            this.counts.notArchived.push({
              id: p.id,
              name: p.name,
              externalId: p.externalId,
              loans: loans.map((l) => l.number),
              devices: devices.map((d) => d.serial),
            });
          }
        }
        this.counts.archived += archive.length;
        if (write && !problems.any && archive.length) await repos.people.updateMany(this.tenantId, archive);
        return people;
      });
      if (page.length < SCAN_PAGE) return;
      const last = page[page.length - 1]!;
      after = { name: last.name, id: last.id };
    }
  }

  /**
   * OneRoster: the file's parents, guardians and relatives become the guardians of the students they
   * are linked to, whichever side names the link (a student's agentSourcedIds, or the guardian's).
   * A file with none of them leaves every pupil's guardians alone. Otherwise the directory is the
   * source of the guardians it gives: each student of the file gets its linked guardians, in the
   * file's order, followed by those the desk typed in by hand (no directory id), which stay; a
   * directory guardian no longer linked is removed. Pupils the file does not list are left alone.
   */
  private async linkGuardians(withRepos: WithRepos, problems: RowProblems, write: boolean) {
    const guardianRows = this.previous?.guardianRows ?? this.guardianRows;
    if (guardianRows.length === 0) return;
    // The validating pass's students, then this pass's own: new pupils have their real ids only now.
    const pupils = new Map(this.previous?.rosterPupils ?? []);
    for (const [sourcedId, pupil] of this.rosterPupils) pupils.set(sourcedId, pupil);
    const guardianById = new Map(guardianRows.map((g) => [g.sourcedId, g]));
    const linked = new Map<string, Set<GuardianRow>>();
    const link = (pupilSourcedId: string, g: GuardianRow) => {
      if (!pupils.has(pupilSourcedId)) return;
      const set = linked.get(pupilSourcedId) ?? new Set();
      linked.set(pupilSourcedId, set.add(g));
    };
    for (const g of guardianRows) for (const agent of g.agents) link(agent, g);
    for (const [sourcedId, pupil] of pupils)
      for (const agent of pupil.agents) {
        const g = guardianById.get(agent);
        if (g) link(sourcedId, g);
      }

    const all = [...pupils];
    for (let i = 0; i < all.length; i += SCAN_PAGE) {
      const chunk = all.slice(i, i + SCAN_PAGE);
      await withRepos(async (repos) => {
        const stored = await repos.guardians.listForPeople(
          this.tenantId,
          chunk.map(([, p]) => p.personId),
        );
        for (const [sourcedId, pupil] of chunk) {
          const before = stored.get(pupil.personId) ?? [];
          const directory = [...(linked.get(sourcedId) ?? [])].sort((a, b) => a.line - b.line).map((g) => g.guardian);
          const after = [...directory, ...before.filter((g) => g.externalId === null)];
          if (after.length > MAX_GUARDIANS) {
            problems.add(pupil.line, 'agentSourcedIds', `${after.length} guardians for this student; at most ${MAX_GUARDIANS}`);
            continue;
          }
          if (sameGuardians(before, after)) continue;
          // A row that changed nothing else is now an update (the writing pass did not read it again).
          if (pupil.unchanged) {
            this.counts.updated++;
            if (!write) this.counts.unchanged--;
          }
          if (write && !problems.any) await repos.guardians.replace(this.tenantId, pupil.personId, after);
        }
      });
    }
  }

  /** Ids of the people who hold an issued loan or have a device assigned. */
  private async holders(repos: Repositories): Promise<KeyIndex> {
    const holders = new KeyIndex();
    const pool = { poolGroupIds: null, status: 'ISSUED' as const };
    for (let after = 0; ;) {
      const loans = await repos.loans.scan(this.tenantId, pool, after, SCAN_PAGE);
      for (const l of loans) if (l.holderId) holders.set(l.holderId, 1);
      if (loans.length < SCAN_PAGE) break;
      after = loans[loans.length - 1]!.number;
    }
    for (let after: string | null = null; ;) {
      const devices = await repos.devices.scan(this.tenantId, {}, after, SCAN_PAGE);
      for (const d of devices) if (d.assignedPersonId) holders.set(d.assignedPersonId, 1);
      if (devices.length < SCAN_PAGE) break;
      after = devices[devices.length - 1]!.serial;
    }
    return holders;
  }
}

/** The distinct non-null keys of some rows. */
function keysOf<R>(rows: readonly R[], key: (row: R) => string | null): string[] {
  const keys = new Set<string>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) keys.add(k);
  }
  return [...keys];
}

/**
 * `desk import <tenant> people`, `POST /api/import/people`: a roster (Desk's columns or a OneRoster
 * 1.1 users.csv) into the tenant's people. Needs the people module and person.manage.
 */
@injectable()
export class ImportPeople implements UseCase<typeof importInput, { import: ImportReport }> {
  static readonly required = ['module.people', 'person.manage'] as const;
  static readonly input = importInput;

  constructor(
    @inject(ImportRunner) private readonly runner: ImportRunner,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, input: z.output<typeof importInput>) {
    const yearStart = await this.uow.read((repos) => readSchoolSetting(repos, actor.tenant.id, schoolYearSetting));
    const { type, id } = auditActor(actor);
    const ctx: PeopleImportContext = {
      today: dateInZone(this.clock.now(), actor.tenant.timeZone),
      yearStart,
      recorder: { type, id },
    };
    return this.runner.run(
      actor,
      'people',
      input,
      ({ at, previous }) =>
        new PeopleImporter(
          actor.tenant.id,
          this.ids,
          at,
          input.archiveMissing === true,
          previous as PeopleImporter | null,
          ctx,
        ),
    );
  }
}
