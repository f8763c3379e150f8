import { z } from 'zod';
import { conflict } from '../shared/errors.js';
import { calendarDate, isoDate, nullableText, text, wholeNumber } from '../shared/validation.js';
import { DEVICE_STATUSES, type DeviceStatus } from './device-states.js';
import { stateInWords } from '../shared/words.js';

/** An entry in the asset register, as stored and as returned. Money in minor units of the tenant's currency. */
export const deviceSchema = z.object({
  id: z.string(),
  serial: z.string(),
  kind: z.string(),
  manufacturer: nullableText(),
  model: nullableText(),
  status: z.enum(DEVICE_STATUSES),
  assignedPersonId: nullableText(),
  purchaseDate: isoDate().nullable(),
  purchaseCostMinor: z.number().int().nullable(),
  /** Warranty coverage ends on this date (inclusive). */
  warrantyEnd: isoDate().nullable(),
});
export type DeviceView = z.output<typeof deviceSchema>;

/** What a change to one device answers with: the device as it now is. */
export const deviceResultSchema = z.object({ device: deviceSchema });

/**
 * A device as stored: its view plus the status it had before it went into repair, which it goes
 * back to when the repair is done (null while it is not in repair).
 */
export type Device = DeviceView & { readonly statusBeforeRepair: DeviceStatus | null };

export const toDeviceView = ({ statusBeforeRepair: _, ...view }: Device): DeviceView => view;

/**
 * The fields of a device as the console writes them (POST and PATCH /api/devices). Text is trimmed
 * and kept as typed (kinds too: `LAPTOP` and `laptop` are two kinds, as in the search's filter);
 * optional fields take null to clear them. Money in minor units of the tenant's currency.
 */
export const deviceFields = {
  serial: text(1, 100).describe('Serial number, unique in the school'),
  kind: text(1, 50).describe('Device kind, e.g. LAPTOP, IPAD, CHROMEBOOK, DESKTOP'),
  manufacturer: text(1, 100).nullable().describe('Manufacturer; null for none'),
  model: text(1, 100).nullable().describe('Model; null for none'),
  purchaseDate: calendarDate().nullable().describe('Bought on (YYYY-MM-DD); null for unknown'),
  purchaseCostMinor: wholeNumber()
    .min(0, { message: 'must be at least 0' })
    .max(2_147_483_647, { message: 'must be at most 2147483647' })
    .nullable()
    .describe('Purchase cost in minor units (cents) of the school currency; null for unknown'),
  warrantyEnd: calendarDate().nullable().describe('Warranty ends on (YYYY-MM-DD, inclusive); null for none'),
};

/** The fields a PATCH may change: the model and purchase data (status and assignment have their own moves). */
export const DEVICE_DETAILS = [
  'kind',
  'manufacturer',
  'model',
  'purchaseDate',
  'purchaseCostMinor',
  'warrantyEnd',
] as const;

/** A device event's data (SPEC §8: thin): ids, serial, kind and status; never a person's name. */
export const deviceEventData = (d: DeviceView) => ({
  device: { id: d.id, serial: d.serial, kind: d.kind, status: d.status, assignedPersonId: d.assignedPersonId },
});

// The register's moves (issue 12; the machine is in device-states.ts). Each is pure: it returns the
// next device or throws `conflict`. IN_STOCK ↔ IN_USE; either → IN_REPAIR → back; any → RETIRED, which is final.

const retired = (d: Device) => conflict(`device ${d.serial} is retired: a retired device does not change any more`);

/** Moves a device to `to` as a person at the register would (POST /devices/:id/status). */
export function changeStatus(d: Device, to: DeviceStatus): Device {
  if (d.status === 'RETIRED') throw retired(d);
  if (d.status === to) throw conflict(`device ${d.serial} is already ${stateInWords(to)}`);
  switch (to) {
    case 'RETIRED':
      return { ...d, status: 'RETIRED', assignedPersonId: null, statusBeforeRepair: null };
    case 'IN_REPAIR':
      return { ...d, status: 'IN_REPAIR', statusBeforeRepair: d.status };
    case 'IN_STOCK':
      // A device in stock is with nobody.
      return { ...d, status: 'IN_STOCK', assignedPersonId: null, statusBeforeRepair: null };
    case 'IN_USE':
      return { ...d, status: 'IN_USE', statusBeforeRepair: null };
  }
}

/**
 * A repair is done: the device goes back to the status it had before it went into repair (in stock
 * when that is unknown). A device that is not IN_REPAIR is left as it is.
 */
export function backFromRepair(d: Device): Device {
  if (d.status !== 'IN_REPAIR') return d;
  const back = d.statusBeforeRepair ?? 'IN_STOCK';
  return {
    ...d,
    status: back,
    statusBeforeRepair: null,
    assignedPersonId: back === 'IN_STOCK' ? null : d.assignedPersonId,
  };
}

/** Hands the device to a person: in stock it goes into use; in use or in repair it changes hands. */
export function assignTo(d: Device, personId: string): Device {
  if (d.status === 'RETIRED') throw retired(d);
  if (d.assignedPersonId === personId) throw conflict(`device ${d.serial} is already assigned to this person`);
  return { ...d, assignedPersonId: personId, status: d.status === 'IN_STOCK' ? 'IN_USE' : d.status };
}

/** Takes the device back from its person: in use it goes back into stock. */
export function unassign(d: Device): Device {
  if (d.assignedPersonId === null) throw conflict(`device ${d.serial} is not assigned to anyone`);
  return { ...d, assignedPersonId: null, status: d.status === 'IN_USE' ? 'IN_STOCK' : d.status };
}
