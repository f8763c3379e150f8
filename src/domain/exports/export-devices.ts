import { inject, injectable } from 'inversify';
import type { z } from 'zod';
import { Clock } from '../../ports/clock.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Device } from '../devices/device.js';
import { searchDevicesInput } from '../devices/search-devices.js';
import { DEVICE_COLUMNS } from '../imports/import-devices.js';
import type { Person } from '../people/person.js';
import type { Actor } from '../shared/actor.js';
import { currencyDecimals, formatMinorUnits } from '../shared/money.js';
import type { UseCase } from '../shared/use-case.js';
import {
  emailHolders,
  EXPORT_PAGE_ROWS,
  exportFilename,
  peopleById,
  personReference,
  scanPages,
  type ExportRow,
  type RecordExport,
} from './export.js';

/** The asset register's filters (SearchDevices, the `devices.search` tool), without paging. */
export const exportDevicesInput = searchDevicesInput.omit({ page: true, pageSize: true });

/**
 * `GET /api/export/devices.csv`: the register as a search with these filters finds it, by serial, in
 * exactly the columns of a devices import. `assignedTo` names the person so the import finds them
 * again (their externalId, else an e-mail only they have, else their Desk id); `purchaseCost` is in
 * major units with the currency's decimals.
 */
@injectable()
export class ExportDevices implements UseCase<typeof exportDevicesInput, RecordExport> {
  static readonly required = ['module.assets', 'device.view'] as const;
  static readonly input = exportDevicesInput;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, search: z.output<typeof exportDevicesInput>): Promise<RecordExport> {
    const tenantId = actor.tenant.id;
    const decimals = currencyDecimals(actor.tenant.currency);
    return {
      filename: exportFilename('devices', actor, this.clock.now()),
      columns: DEVICE_COLUMNS,
      pages: scanPages(
        (after: string | null) => this.uow.read((r) => r.devices.scan(tenantId, search, after, EXPORT_PAGE_ROWS)),
        (d: Device) => d.serial,
        (devices) =>
          this.uow.read(async (r) => {
            const people = await peopleById(
              r,
              tenantId,
              devices.map((d) => d.assignedPersonId),
            );
            const holders = await emailHolders(r, tenantId, people.values());
            return devices.map((d) => deviceRow(d, people, holders, decimals));
          }),
      ),
    };
  }
}

function deviceRow(
  d: Device,
  people: ReadonlyMap<string, Person>,
  holders: ReadonlyMap<string, number>,
  decimals: number,
): ExportRow {
  const person = d.assignedPersonId === null ? null : (people.get(d.assignedPersonId) ?? null);
  return [
    d.serial,
    d.kind,
    d.manufacturer,
    d.model,
    d.status,
    person ? personReference(person, holders) : d.assignedPersonId,
    d.purchaseDate,
    d.purchaseCostMinor === null ? null : formatMinorUnits(d.purchaseCostMinor, decimals),
    d.warrantyEnd,
  ];
}
