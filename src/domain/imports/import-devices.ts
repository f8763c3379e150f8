import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { TabularRecord } from '../../ports/tabular-file.js';
import { assignTo, changeStatus, unassign, type Device } from '../devices/device.js';
import { DEVICE_STATUSES, type DeviceStatus } from '../devices/device-states.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/errors.js';
import { currencyDecimals, parseMajorUnits } from '../shared/money.js';
import type { UseCase } from '../shared/use-case.js';
import { readHeader, requireColumns, RowReader, type Header } from './columns.js';
import { ImportRunner, importInput, newCounts, type ImportReport, type Importer } from './import-run.js';
import { KeyIndex } from './key-index.js';
import { LineSet } from './line-set.js';
import type { RowProblems } from './row-problems.js';

export const DEVICE_COLUMNS = [
  'serial',
  'kind',
  'manufacturer',
  'model',
  'status',
  'assignedTo',
  'purchaseDate',
  'purchaseCost',
  'warrantyEnd',
] as const;
type DeviceField = (typeof DEVICE_COLUMNS)[number];

/** A device as a file describes it; `undefined`: no such column, or a blank status (see the rules). */
interface DeviceRow {
  readonly line: number;
  readonly serial: string;
  readonly kind: string;
  readonly manufacturer: string | null | undefined;
  readonly model: string | null | undefined;
  readonly status: DeviceStatus | undefined;
  /** An externalId, e-mail address or Desk id of a person; null: nobody. */
  readonly assignedTo: string | null | undefined;
  readonly purchaseDate: string | null | undefined;
  readonly purchaseCostMinor: number | null | undefined;
  readonly warrantyEnd: string | null | undefined;
}

const sameDevice = (a: Device, b: Device) =>
  a.kind === b.kind &&
  a.manufacturer === b.manufacturer &&
  a.model === b.model &&
  a.status === b.status &&
  a.assignedPersonId === b.assignedPersonId &&
  a.purchaseDate === b.purchaseDate &&
  a.purchaseCostMinor === b.purchaseCostMinor &&
  a.warrantyEnd === b.warrantyEnd &&
  a.statusBeforeRepair === b.statusBeforeRepair;

/** A person named by `assignedTo`, or why the value names nobody Desk can assign. */
type Assignee = { readonly person: Person } | { readonly problem: string };

/**
 * A device file, row by row (see ImportRunner for the passes), keyed by serial (once per file).
 * `assignedTo` names a person by externalId, else e-mail (one person with it), else Desk id — so an
 * export of a device assigned to someone without either still imports. A status moves the device as
 * the register's state machine allows (devices/device.ts): RETIRED is final, so a retired device
 * neither changes status nor gets a person; a device IN_STOCK or RETIRED is with nobody. Without a
 * status (no column, or a blank cell) a new device starts IN_STOCK, or IN_USE when assigned, and an
 * assignment moves a stored one as the console does (assign: into use; unassign: back to stock).
 * An archived person cannot be given a device (one they already have stays).
 */
class DevicesImporter implements Importer<DeviceRow> {
  readonly counts = newCounts();
  readonly changes = new LineSet();
  readonly format = 'desk' as const;
  ignoredColumns: readonly string[] = [];
  private header_: Header<DeviceField> | null = null;
  private readonly serials = new KeyIndex();
  private readonly decimals: number;

  constructor(
    private readonly tenantId: string,
    currency: string,
    private readonly ids: IdGenerator,
    /** Whether a validating pass read the file first (this pass writes). */
    private readonly validated: boolean,
  ) {
    this.decimals = currencyDecimals(currency);
  }

  header(record: TabularRecord, problems: RowProblems): boolean {
    const header = readHeader(record, DEVICE_COLUMNS, problems);
    requireColumns(header, ['serial', 'kind'], problems);
    this.header_ = header;
    this.ignoredColumns = header.ignored;
    return !problems.any;
  }

  parse(record: TabularRecord, problems: RowProblems): DeviceRow | null {
    const r = new RowReader(this.header_!, record, problems);
    const serial = r.text('serial', 100, { required: true });
    const kind = r.text('kind', 50, { required: true });
    const manufacturer = r.text('manufacturer', 100);
    const model = r.text('model', 100);
    const status = r.choice('status', DEVICE_STATUSES) ?? undefined;
    const assignedTo = r.text('assignedTo', 320);
    const purchaseDate = r.date('purchaseDate');
    const warrantyEnd = r.date('warrantyEnd');
    let purchaseCostMinor: number | null | undefined = undefined;
    const cost = r.cell('purchaseCost');
    if (cost === '') purchaseCostMinor = null;
    else if (cost !== undefined) {
      purchaseCostMinor = parseMajorUnits(cost, this.decimals) ?? undefined;
      if (purchaseCostMinor === undefined) {
        const example = (123456 / 10 ** this.decimals).toFixed(this.decimals);
        r.fail('purchaseCost', `must be an amount such as ${example}, with at most ${this.decimals} decimals`);
      }
    }
    if (!r.ok || !serial || !kind) return null;
    return {
      line: record.line,
      serial,
      kind,
      manufacturer,
      model,
      status,
      assignedTo,
      purchaseDate,
      purchaseCostMinor,
      warrantyEnd,
    };
  }

  async plan(repos: Repositories, rows: readonly DeviceRow[], problems: RowProblems, write: boolean) {
    // Serials once per file: checked by the validating pass, which saw every row.
    const unique = rows.filter((row) => {
      if (this.validated) return true;
      const earlier = this.serials.get(row.serial);
      if (earlier === undefined) this.serials.set(row.serial, row.line);
      else problems.add(row.line, 'serial', `also on line ${earlier}`);
      return earlier === undefined;
    });
    const stored = new Map(
      (
        await repos.devices.findBySerials(
          this.tenantId,
          unique.map((r) => r.serial),
        )
      ).map((d) => [d.serial, d]),
    );
    const assignees = await this.assignees(repos, unique);

    const created: Device[] = [];
    const changed: Device[] = [];
    for (const row of unique) {
      const device = stored.get(row.serial);
      const next = this.next(row, device, assignees, problems);
      if (next === null) continue;
      if (device && sameDevice(device, next)) {
        this.counts.unchanged++;
        continue;
      }
      (device ? changed : created).push(next);
      this.changes.add(row.line);
    }
    this.counts.created += created.length;
    this.counts.updated += changed.length;
    if (!write || problems.any) return;
    if (created.length) await repos.devices.insertMany(this.tenantId, created);
    if (changed.length) await repos.devices.updateMany(this.tenantId, changed);
  }

  async finish() {}

  /** The device a row makes of the stored one (or a new one); null with the row's problem recorded. */
  private next(
    row: DeviceRow,
    device: Device | undefined,
    assignees: ReadonlyMap<string, Assignee>,
    problems: RowProblems,
  ): Device | null {
    const fail = (field: DeviceField, message: string) => {
      problems.add(row.line, field, message);
      return null;
    };
    const status = row.status;
    if ((status === 'IN_STOCK' || status === 'RETIRED') && row.assignedTo)
      return fail('assignedTo', `a device ${status} is with nobody: leave assignedTo empty`);
    let personId: string | null | undefined = row.assignedTo;
    if (row.assignedTo) {
      const found = assignees.get(row.assignedTo)!;
      if ('problem' in found) return fail('assignedTo', found.problem);
      personId = found.person.id;
      if (found.person.archivedAt !== null && device?.assignedPersonId !== personId)
        return fail('assignedTo', `${found.person.name} is archived: an archived person cannot be given a device`);
    }
    const data = (base: Device): Device => ({
      ...base,
      kind: row.kind,
      manufacturer: row.manufacturer === undefined ? base.manufacturer : row.manufacturer,
      model: row.model === undefined ? base.model : row.model,
      purchaseDate: row.purchaseDate === undefined ? base.purchaseDate : row.purchaseDate,
      purchaseCostMinor: row.purchaseCostMinor === undefined ? base.purchaseCostMinor : row.purchaseCostMinor,
      warrantyEnd: row.warrantyEnd === undefined ? base.warrantyEnd : row.warrantyEnd,
    });

    if (!device) {
      const start: DeviceStatus = status ?? (personId ? 'IN_USE' : 'IN_STOCK');
      return data({
        id: this.ids.next(),
        serial: row.serial,
        kind: row.kind,
        manufacturer: null,
        model: null,
        status: start,
        assignedPersonId: personId ?? null,
        purchaseDate: null,
        purchaseCostMinor: null,
        warrantyEnd: null,
        statusBeforeRepair: start === 'IN_REPAIR' ? (personId ? 'IN_USE' : 'IN_STOCK') : null,
      });
    }

    const assigned = personId === undefined ? device.assignedPersonId : personId;
    if (device.status === 'RETIRED') {
      if (status !== undefined && status !== 'RETIRED')
        return fail('status', `device ${device.serial} is RETIRED: a retired device does not change any more`);
      if (assigned !== null) return fail('assignedTo', `device ${device.serial} is RETIRED: it is with nobody`);
      return data(device);
    }
    let moved: Device = device;
    try {
      if (status !== undefined && status !== device.status) moved = changeStatus(device, status);
      // Without a status, the assignment moves the device as the console does (into use, back to stock).
      else if (status === undefined && assigned !== device.assignedPersonId)
        moved = assigned === null ? unassign(device) : assignTo(device, assigned);
    } catch (e) {
      if (e instanceof DomainError) return fail('status', e.message);
      throw e;
    }
    const kept = moved.status === 'IN_STOCK' || moved.status === 'RETIRED' ? null : assigned;
    return data({ ...moved, assignedPersonId: kept });
  }

  /** What each `assignedTo` of the rows names: by externalId, else e-mail, else Desk id. */
  private async assignees(repos: Repositories, rows: readonly DeviceRow[]): Promise<Map<string, Assignee>> {
    const values = [...new Set(rows.flatMap((r) => (r.assignedTo ? [r.assignedTo] : [])))];
    const found = new Map<string, Assignee>();
    if (values.length === 0) return found;
    for (const p of await repos.people.findByExternalIds(this.tenantId, values))
      if (p.externalId !== null) found.set(p.externalId, { person: p });
    const emails = values.filter((v) => !found.has(v) && v.includes('@'));
    const byEmail = new Map<string, Person[]>();
    for (const p of await repos.people.findByEmails(
      this.tenantId,
      emails.map((e) => e.toLowerCase()),
    ))
      byEmail.set(p.email!, [...(byEmail.get(p.email!) ?? []), p]);
    for (const value of emails) {
      const people = byEmail.get(value.toLowerCase()) ?? [];
      if (people.length === 1) found.set(value, { person: people[0]! });
      else if (people.length > 1)
        found.set(value, {
          problem: `${people.length} people have this e-mail address: name the person by externalId`,
        });
    }
    const rest = values.filter((v) => !found.has(v));
    for (const p of await repos.people.findByIds(this.tenantId, rest)) found.set(p.id, { person: p });
    for (const value of rest)
      if (!found.has(value)) found.set(value, { problem: 'no person has this externalId, e-mail address or id' });
    return found;
  }
}

/**
 * `desk import <tenant> devices`, `POST /api/import/devices`: an MDM or inventory export into the
 * asset register. Needs the assets module and device.manage.
 */
@injectable()
export class ImportDevices implements UseCase<typeof importInput, { import: ImportReport }> {
  static readonly required = ['module.assets', 'device.manage'] as const;
  static readonly input = importInput;

  constructor(
    @inject(ImportRunner) private readonly runner: ImportRunner,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(actor: Actor, input: z.output<typeof importInput>) {
    if (input.archiveMissing === true) throw archiveMissingPeopleOnly();
    return this.runner.run(
      actor,
      'devices',
      input,
      ({ previous }) => new DevicesImporter(actor.tenant.id, actor.tenant.currency, this.ids, previous !== null),
    );
  }
}

export const archiveMissingPeopleOnly = () =>
  new DomainError('invalid', 'archiveMissing: only a people import archives what the file leaves out', [
    { path: 'archiveMissing', message: 'only a people import archives what the file leaves out' },
  ]);
