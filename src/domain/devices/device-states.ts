/**
 * A device's statuses and where the register may move it. Nothing here imports anything, so the
 * browser console imports this very module instead of keeping a copy of the machine.
 */

export const DEVICE_STATUSES = ['IN_USE', 'IN_STOCK', 'IN_REPAIR', 'RETIRED'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** IN_STOCK ↔ IN_USE; either → IN_REPAIR → back to either; anything → RETIRED, which is final. */
export const nextDeviceStatuses = (from: DeviceStatus): DeviceStatus[] =>
  from === 'RETIRED' ? [] : DEVICE_STATUSES.filter((s) => s !== from);
