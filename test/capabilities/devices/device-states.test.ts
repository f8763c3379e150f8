/** The asset register's state machine (src/domain/devices/device.ts), as pure functions. */
import { describe, expect, it } from 'vitest';
import { assignTo, backFromRepair, changeStatus, unassign, type Device } from '../../../src/domain/devices/device.js';
import { DEVICE_STATUSES, nextDeviceStatuses } from '../../../src/domain/devices/device-states.js';
import { aDevice } from '../../support/builders.js';

const inStock = aDevice({ status: 'IN_STOCK', assignedPersonId: null });
const inUse = aDevice({ status: 'IN_USE', assignedPersonId: 'p1' });
const conflictOf = (move: () => Device) => expect(move).toThrow(expect.objectContaining({ code: 'conflict' }));

describe('device status moves', () => {
  it('moves between stock and use; into stock means with nobody', () => {
    expect(changeStatus(inStock, 'IN_USE')).toMatchObject({ status: 'IN_USE', assignedPersonId: null });
    expect(changeStatus(inUse, 'IN_STOCK')).toMatchObject({ status: 'IN_STOCK', assignedPersonId: null });
  });

  it('goes into repair from stock or use and comes back to where it was', () => {
    const repairing = changeStatus(inUse, 'IN_REPAIR');
    expect(repairing).toMatchObject({ status: 'IN_REPAIR', statusBeforeRepair: 'IN_USE', assignedPersonId: 'p1' });
    expect(backFromRepair(repairing)).toMatchObject({
      status: 'IN_USE',
      statusBeforeRepair: null,
      assignedPersonId: 'p1',
    });
    const fromStock = changeStatus(inStock, 'IN_REPAIR');
    expect(backFromRepair(fromStock)).toMatchObject({ status: 'IN_STOCK', statusBeforeRepair: null });
    // A person may also take it out of repair to either status by hand.
    expect(changeStatus(repairing, 'IN_STOCK')).toMatchObject({ status: 'IN_STOCK', assignedPersonId: null });
    expect(changeStatus(fromStock, 'IN_USE')).toMatchObject({ status: 'IN_USE', statusBeforeRepair: null });
  });

  it('leaves a device that is not in repair alone when a repair ends', () => {
    expect(backFromRepair(inUse)).toBe(inUse);
  });

  it('retires from any status, for good', () => {
    for (const d of [inStock, inUse, changeStatus(inUse, 'IN_REPAIR')]) {
      const gone = changeStatus(d, 'RETIRED');
      expect(gone).toMatchObject({ status: 'RETIRED', assignedPersonId: null, statusBeforeRepair: null });
      for (const to of ['IN_USE', 'IN_STOCK', 'IN_REPAIR', 'RETIRED'] as const)
        conflictOf(() => changeStatus(gone, to));
      conflictOf(() => assignTo(gone, 'p2'));
    }
  });

  it('offers from each status exactly the moves changeStatus takes (what the console lists)', () => {
    for (const from of DEVICE_STATUSES) {
      const accepted = DEVICE_STATUSES.filter((to) => {
        try {
          changeStatus(aDevice({ status: from }), to);
          return true;
        } catch {
          return false;
        }
      });
      expect(nextDeviceStatuses(from), from).toEqual(accepted);
    }
  });

  it('refuses a move to the status it already has', () => {
    conflictOf(() => changeStatus(inUse, 'IN_USE'));
  });
});

describe('assignment', () => {
  it('puts a device in stock into use, and changes hands otherwise', () => {
    expect(assignTo(inStock, 'p2')).toMatchObject({ status: 'IN_USE', assignedPersonId: 'p2' });
    expect(assignTo(inUse, 'p2')).toMatchObject({ status: 'IN_USE', assignedPersonId: 'p2' });
    const repairing = changeStatus(inUse, 'IN_REPAIR');
    expect(assignTo(repairing, 'p2')).toMatchObject({ status: 'IN_REPAIR', assignedPersonId: 'p2' });
    conflictOf(() => assignTo(inUse, 'p1'));
  });

  it('takes a device back into stock, or keeps it in repair', () => {
    expect(unassign(inUse)).toMatchObject({ status: 'IN_STOCK', assignedPersonId: null });
    expect(unassign(changeStatus(inUse, 'IN_REPAIR'))).toMatchObject({ status: 'IN_REPAIR', assignedPersonId: null });
    conflictOf(() => unassign(inStock));
  });
});
