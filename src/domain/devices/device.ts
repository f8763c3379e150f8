import { z } from 'zod';
import { isoDate, nullableText } from '../shared/validation.js';

export const DEVICE_STATUSES = ['IN_USE', 'IN_STOCK', 'IN_REPAIR', 'RETIRED'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

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

/**
 * A device as stored: its view plus the status it had before it went into repair, which it goes
 * back to when the repair is done (null while it is not in repair).
 */
export type Device = DeviceView & { readonly statusBeforeRepair: DeviceStatus | null };

export const toDeviceView = ({ statusBeforeRepair: _, ...view }: Device): DeviceView => view;

/** A device event's data (SPEC §8: thin): ids, serial, kind and status; never a person's name. */
export const deviceEventData = (d: DeviceView) => ({
  device: { id: d.id, serial: d.serial, kind: d.kind, status: d.status, assignedPersonId: d.assignedPersonId },
});
