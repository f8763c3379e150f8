import type { TabularRecord } from '../../ports/tabular-file.js';
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
}

/** How a people file is read: Desk's own columns, or a OneRoster 1.1 users.csv. */
export interface PeopleFormat {
  readonly format: 'desk' | 'oneroster';
  readonly ignoredColumns: readonly string[];
  /** A row as a person, null when it has problems, `skip` when it is no pupil or staff of Desk. */
  parse(record: TabularRecord, problems: RowProblems): PersonRow | null | 'skip';
}

// ---- Desk's columns -----------------------------------------------------------------------------

export const PEOPLE_COLUMNS = ['externalId', 'name', 'email', 'kind', 'userGroup'] as const;
const DESK_FIELDS = [...PEOPLE_COLUMNS, 'givenName', 'familyName'] as const;
type DeskField = (typeof DESK_FIELDS)[number];

const NAME_MAX = 200;
const PART_MAX = 100;
const KEY_MAX = 100;
const GROUP_MAX = 100;

function deskFormat(header: Header<DeskField>, problems: RowProblems): PeopleFormat | null {
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
      if (!r.ok || !name || !kind) return null;
      return { line: record.line, externalId: externalId ?? null, email, name, kind, userGroup };
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
  'phone',
  'agentSourcedIds',
  'password',
];

/** A OneRoster users.csv says who it is by these columns, which Desk's own format never has. */
export const isOneRosterHeader = (cells: readonly string[]): boolean => {
  const keys = new Set(cells.map(columnKey));
  return ['sourcedid', 'enableduser', 'role'].every((k) => keys.has(k));
};

/**
 * OneRoster roles: student → PUPIL; the school's staff (teacher, administrator, aide, proctor) →
 * STAFF; guardian, parent and relative are nobody Desk keeps (no loans, no devices): skipped.
 */
const ROLES: Readonly<Record<string, PersonKind | 'skip'>> = {
  student: 'PUPIL',
  teacher: 'STAFF',
  administrator: 'STAFF',
  aide: 'STAFF',
  proctor: 'STAFF',
  guardian: 'skip',
  parent: 'skip',
  relative: 'skip',
};

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
      if (role === 'skip') return 'skip';
      if (role === undefined) r.fail('role', `must be a OneRoster role (${Object.keys(ROLES).join(', ')})`);
      const sourcedId = r.text('sourcedId', KEY_MAX, { required: true });
      const identifier = r.text('identifier', KEY_MAX);
      const parts = [r.text('givenName', PART_MAX), r.text('familyName', PART_MAX)];
      const name = parts.filter((p) => typeof p === 'string').join(' ');
      if (name === '' && r.ok) r.fail('givenName', 'give a givenName or a familyName');
      const email = r.email('email');
      const grades = r.text('grades', GROUP_MAX);
      if (!r.ok || !sourcedId || role === undefined) return null;
      // Pupils are grouped by their (first) grade; staff keep the department the desk gave them.
      const grade = grades
        ?.split(',')
        .map((g) => g.trim())
        .find((g) => g !== '');
      const userGroup = role === 'PUPIL' ? (grades === undefined ? undefined : (grade ?? null)) : undefined;
      return { line: record.line, externalId: identifier || sourcedId, email, name, kind: role, userGroup };
    },
  };
}

/** Reads a people file's header: OneRoster when it looks like one, Desk's columns otherwise. */
export function peopleFormat(record: TabularRecord, problems: RowProblems): PeopleFormat | null {
  return isOneRosterHeader(record.cells)
    ? oneRosterFormat(readHeader(record, ONEROSTER_FIELDS, problems, ONEROSTER_UNUSED), problems)
    : deskFormat(readHeader(record, DESK_FIELDS, problems), problems);
}
