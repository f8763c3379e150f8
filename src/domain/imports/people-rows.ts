import type { TabularRecord } from '../../ports/tabular-file.js';
import type { Guardian } from '../people/guardian.js';
import { PERSON_KINDS, type PersonKind } from '../people/person.js';
import { columnKey, readHeader, requireColumns, RowReader, type Header } from './columns.js';
import type { RowProblems } from './row-problems.js';

/** One person as a file describes them; `undefined`: the file has no such column (keep what is stored). */
export interface PersonRow {
  readonly line: number;
  /** null: none given (the row is matched by its e-mail). */
  readonly externalId: string | null;
  readonly email: string | null | undefined;
  readonly name: string;
  readonly kind: PersonKind;
  readonly userGroup: string | null | undefined;
  /**
   * Guardians 1 and 2 as the file gives them (blank ones left out), or undefined when the file has no
   * guardian columns (a pupil's guardians are then left as they are).
   */
  readonly guardians?: readonly Guardian[] | undefined;
  /** The agreement on the row; null: none on this row; undefined: the file has no agreement columns. */
  readonly agreement?: { readonly signedAt: string; readonly signedBy: string } | null | undefined;
  /** OneRoster: the row's sourcedId and the sourcedIds its agentSourcedIds cell names. */
  readonly sourcedId?: string;
  readonly agents?: readonly string[];
}

/** A OneRoster parent, guardian or relative: linked to pupils, never a person of Desk. */
export interface GuardianRow {
  readonly line: number;
  readonly sourcedId: string;
  readonly guardian: Guardian;
  /** The students its agentSourcedIds cell names. */
  readonly agents: readonly string[];
}

/** How a people file is read: Desk's own columns, or a OneRoster 1.1 users.csv. */
export interface PeopleFormat {
  readonly format: 'desk' | 'oneroster';
  readonly ignoredColumns: readonly string[];
  /**
   * A row as a person, null when it has problems, `skip` when it is no pupil or staff of Desk, or a
   * OneRoster guardian to link to pupils.
   */
  parse(record: TabularRecord, problems: RowProblems): PersonRow | GuardianRow | null | 'skip';
}

/** What reading a row needs to know of the school: its today (agreements are not signed in the future). */
export interface PeopleFileContext {
  readonly today: string;
}

// ---- Desk's columns -----------------------------------------------------------------------------

/** Guardian 1 and 2 of a pupil: a people file and the export carry two (the console keeps more). */
export const GUARDIAN_COLUMNS = [
  'guardian1Name',
  'guardian1Email',
  'guardian1Phone',
  'guardian1Relationship',
  'guardian2Name',
  'guardian2Email',
  'guardian2Phone',
  'guardian2Relationship',
] as const;
export const AGREEMENT_COLUMNS = ['agreementSignedAt', 'agreementSignedBy'] as const;
export const PEOPLE_COLUMNS = [
  'externalId',
  'name',
  'email',
  'kind',
  'userGroup',
  ...GUARDIAN_COLUMNS,
  ...AGREEMENT_COLUMNS,
] as const;
const DESK_FIELDS = [...PEOPLE_COLUMNS, 'givenName', 'familyName'] as const;
type DeskField = (typeof DESK_FIELDS)[number];

const NAME_MAX = 200;
const PART_MAX = 100;
const KEY_MAX = 100;
const GROUP_MAX = 100;
const PHONE_MAX = 50;
const RELATIONSHIP_MAX = 50;

const GUARDIAN_SLOTS = [1, 2] as const;
const guardianField = (slot: 1 | 2, part: 'Name' | 'Email' | 'Phone' | 'Relationship') =>
  `guardian${slot}${part}` as const;

/**
 * Guardians 1 and 2 of a row: a slot with every cell blank is no guardian; one with any cell needs a
 * name. undefined: the file has no guardian columns, or a cell has a problem (recorded).
 */
function readGuardians(r: RowReader<DeskField>): Guardian[] | undefined {
  if (!GUARDIAN_COLUMNS.some((c) => r.has(c))) return undefined;
  const guardians: Guardian[] = [];
  for (const slot of GUARDIAN_SLOTS) {
    const nameField = guardianField(slot, 'Name');
    const name = r.text(nameField, NAME_MAX);
    const email = r.email(guardianField(slot, 'Email'));
    const phone = r.text(guardianField(slot, 'Phone'), PHONE_MAX);
    const relationship = r.text(guardianField(slot, 'Relationship'), RELATIONSHIP_MAX);
    if (name) {
      guardians.push({
        name,
        email: email ?? null,
        phone: phone ?? null,
        relationship: relationship ?? 'guardian',
        externalId: null,
      });
    } else if (name !== undefined || !r.has(nameField)) {
      if (email || phone || relationship) r.fail(nameField, "give the guardian's name");
    }
  }
  return guardians;
}

/** The row's agreement: both cells or neither; signed on a real day that is not after today. */
function readAgreement(r: RowReader<DeskField>, ctx: PeopleFileContext): PersonRow['agreement'] {
  if (!r.has('agreementSignedAt') && !r.has('agreementSignedBy')) return undefined;
  const okBefore = r.ok;
  const signedAt = r.date('agreementSignedAt');
  const signedBy = r.text('agreementSignedBy', NAME_MAX);
  // A cell already named as wrong is not named again.
  if (okBefore && !r.ok) return undefined;
  if (!signedAt && !signedBy) return null;
  if (!signedAt) return r.fail('agreementSignedAt', 'give the date the agreement was signed, YYYY-MM-DD');
  if (!signedBy) return r.fail('agreementSignedBy', 'give who signed the agreement');
  if (signedAt > ctx.today) return r.fail('agreementSignedAt', 'must not be in the future');
  return { signedAt, signedBy };
}

function deskFormat(header: Header<DeskField>, problems: RowProblems, ctx: PeopleFileContext): PeopleFormat | null {
  const { positions } = header;
  requireColumns(header, ['kind'], problems);
  if (positions.name === undefined && (positions.givenName === undefined || positions.familyName === undefined))
    problems.add(header.line, 'name', 'the header has no name column (or givenName and familyName)');
  if (positions.externalId === undefined && positions.email === undefined)
    problems.add(header.line, 'externalId', 'the header needs an externalId or an email column to find people by');
  if (problems.any) return null;
  return {
    format: 'desk',
    ignoredColumns: header.ignored,
    parse(record, problems) {
      const r = new RowReader(header, record, problems);
      const externalId = r.text('externalId', KEY_MAX);
      const email = r.email('email');
      const kind = r.choice('kind', PERSON_KINDS, { required: true });
      const userGroup = r.text('userGroup', GROUP_MAX);
      let name: string | null | undefined;
      if (r.has('name')) name = r.text('name', NAME_MAX, { required: true });
      else {
        const parts = [r.text('givenName', PART_MAX), r.text('familyName', PART_MAX)];
        name = parts.filter((p) => typeof p === 'string').join(' ') || null;
        if (name === null && r.ok) r.fail('givenName', 'give a givenName or a familyName');
      }
      if (!externalId && !email && r.ok)
        r.fail(r.has('externalId') ? 'externalId' : 'email', 'give an externalId or an email to find the person by');
      const guardians = readGuardians(r);
      const agreement = readAgreement(r, ctx);
      if (kind === 'STAFF' && guardians?.length)
        r.fail(guardianField(1, 'Name'), 'staff have no guardians: leave the guardian columns blank');
      if (kind === 'STAFF' && agreement)
        r.fail('agreementSignedAt', 'acceptable-use agreements are for pupils: leave it blank for staff');
      if (!r.ok || !name || !kind) return null;
      return { line: record.line, externalId: externalId ?? null, email, name, kind, userGroup, guardians, agreement };
    },
  };
}

// ---- OneRoster 1.1 users.csv --------------------------------------------------------------------

/** The columns of OneRoster 1.1's users.csv (IMS Global, "OneRoster 1.1 CSV Tables"). */
const ONEROSTER_FIELDS = [
  'sourcedId',
  'status',
  'enabledUser',
  'role',
  'givenName',
  'familyName',
  'identifier',
  'email',
  'grades',
  'phone',
  'agentSourcedIds',
] as const;
type OneRosterField = (typeof ONEROSTER_FIELDS)[number];
/** The other columns of users.csv: read by nobody here, and not reported as unknown. */
const ONEROSTER_UNUSED = [
  'dateLastModified',
  'orgSourcedIds',
  'username',
  'userIds',
  'middleName',
  'sms',
  'password',
];

/** A OneRoster users.csv says who it is by these columns, which Desk's own format never has. */
export const isOneRosterHeader = (cells: readonly string[]): boolean => {
  const keys = new Set(cells.map(columnKey));
  return ['sourcedid', 'enableduser', 'role'].every((k) => keys.has(k));
};

/**
 * OneRoster roles: student → PUPIL; the school's staff (teacher, administrator, aide, proctor) →
 * STAFF; guardian, parent and relative are never people of Desk (no loans, no devices, no sign-in):
 * they become the guardians of the students they are linked to, the role word their relationship.
 */
const ROLES: Readonly<Record<string, PersonKind | 'guardian'>> = {
  student: 'PUPIL',
  teacher: 'STAFF',
  administrator: 'STAFF',
  aide: 'STAFF',
  proctor: 'STAFF',
  guardian: 'guardian',
  parent: 'guardian',
  relative: 'guardian',
};

/** The sourcedIds of an agentSourcedIds cell (comma-separated, as OneRoster lists references). */
const sourcedIds = (cell: string | null | undefined): string[] =>
  (cell ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');

function oneRosterFormat(header: Header<OneRosterField>, problems: RowProblems): PeopleFormat | null {
  requireColumns(header, ['sourcedId', 'enabledUser', 'role', 'givenName', 'familyName'], problems);
  if (problems.any) return null;
  return {
    format: 'oneroster',
    ignoredColumns: header.ignored,
    parse(record, problems) {
      const r = new RowReader(header, record, problems);
      // Bulk files leave status blank; a delta file marks removed users `tobedeleted`.
      if (r.cell('status')?.toLowerCase() === 'tobedeleted') return 'skip';
      const enabled = r.cell('enabledUser')?.toLowerCase() ?? '';
      if (enabled === 'false') return 'skip';
      if (enabled !== 'true' && enabled !== '') r.fail('enabledUser', 'must be true or false');
      const roleText = r.cell('role') ?? '';
      const role = ROLES[roleText.toLowerCase()];
      if (role === undefined) r.fail('role', `must be a OneRoster role (${Object.keys(ROLES).join(', ')})`);
      const sourcedId = r.text('sourcedId', KEY_MAX, { required: true });
      const identifier = r.text('identifier', KEY_MAX);
      const parts = [r.text('givenName', PART_MAX), r.text('familyName', PART_MAX)];
      const name = parts.filter((p) => typeof p === 'string').join(' ');
      if (name === '' && r.ok) r.fail('givenName', 'give a givenName or a familyName');
      const email = r.email('email');
      const agents = sourcedIds(r.cell('agentSourcedIds'));
      if (role === 'guardian') {
        const phone = r.text('phone', PHONE_MAX);
        if (!r.ok || !sourcedId) return null;
        const relationship = roleText.toLowerCase();
        return { line: record.line, sourcedId, agents, guardian: { name, email: email ?? null, phone: phone ?? null, relationship, externalId: sourcedId } };
      }
      const grades = r.text('grades', GROUP_MAX);
      if (!r.ok || !sourcedId || role === undefined) return null;
      // Pupils are grouped by their (first) grade; staff keep the department the desk gave them.
      const grade = grades
        ?.split(',')
        .map((g) => g.trim())
        .find((g) => g !== '');
      const userGroup = role === 'PUPIL' ? (grades === undefined ? undefined : (grade ?? null)) : undefined;
      return {
        line: record.line,
        externalId: identifier || sourcedId,
        email,
        name,
        kind: role,
        userGroup,
        sourcedId,
        agents: role === 'PUPIL' ? agents : [],
      };
    },
  };
}

/** Reads a people file's header: OneRoster when it looks like one, Desk's columns otherwise. */
export function peopleFormat(record: TabularRecord, problems: RowProblems, ctx: PeopleFileContext): PeopleFormat | null {
  return isOneRosterHeader(record.cells)
    ? oneRosterFormat(readHeader(record, ONEROSTER_FIELDS, problems, ONEROSTER_UNUSED), problems)
    : deskFormat(readHeader(record, DESK_FIELDS, problems), problems, ctx);
}
