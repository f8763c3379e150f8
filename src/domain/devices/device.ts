export const DEVICE_STATUSES = ['IN_USE', 'IN_STOCK', 'IN_REPAIR', 'RETIRED'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** An entry in the asset register. Money is always in minor units of the tenant's currency. */
export interface Device {
  readonly id: string;
  readonly serial: string;
  readonly kind: string;
  readonly manufacturer: string | null;
  readonly model: string | null;
  readonly status: DeviceStatus;
  readonly assignedPersonId: string | null;
  readonly purchaseDate: string | null;
  readonly purchaseCostMinor: number | null;
  /** Warranty coverage ends on this date (inclusive). */
  readonly warrantyEnd: string | null;
}
