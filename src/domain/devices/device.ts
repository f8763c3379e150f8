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
export type Device = z.output<typeof deviceSchema>;
