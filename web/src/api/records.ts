/**
 * The shapes of people and devices as the records API answers them (docs/records.md), and the words
 * the console uses for their coded values. Types only describe the JSON: the server is the judge;
 * the device's state machine is the domain's own module.
 */
import type { DeviceStatus } from '@desk/contract';

export { nextDeviceStatuses } from '@desk/contract';
export type { DeviceStatus };

export type PersonKind = 'PUPIL' | 'STAFF';

export interface Person {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly kind: PersonKind;
  /** A class for pupils, a department for staff. */
  readonly userGroup: string | null;
  /** The id in the school's MIS or directory (unique in the school). */
  readonly externalId: string | null;
  readonly archivedAt: string | null;
}

export const PERSON_KIND_LABELS: Record<PersonKind, string> = { PUPIL: 'Pupil', STAFF: 'Staff' };

export interface Device {
  readonly id: string;
  readonly serial: string;
  readonly kind: string;
  readonly manufacturer: string | null;
  readonly model: string | null;
  readonly status: DeviceStatus;
  readonly assignedPersonId: string | null;
  readonly purchaseDate: string | null;
  /** Minor units (cents) of the school's currency. */
  readonly purchaseCostMinor: number | null;
  readonly warrantyEnd: string | null;
}

export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  IN_USE: 'In use',
  IN_STOCK: 'In stock',
  IN_REPAIR: 'In repair',
  RETIRED: 'Retired',
};

/** The badge class of each status: in use is the normal case, repair needs attention, retired is gone. */
export const DEVICE_STATUS_BADGES: Record<DeviceStatus, string> = {
  IN_USE: 'badge badge-ok',
  IN_STOCK: 'badge',
  IN_REPAIR: 'badge badge-warn',
  RETIRED: 'badge badge-danger',
};

/** One entry of a device's history (read from the audit trail), newest first. */
export interface HistoryEntry {
  readonly at: string;
  readonly action: string;
  readonly target: string;
  readonly actor: { readonly type: string; readonly id?: string | null; readonly name?: string };
  readonly details: Record<string, unknown> | null;
}
