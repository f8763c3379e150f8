/**
 * The role table (SPEC §4 as issue 12 extends it): what each role holds, pinned here so a change to
 * a role is a deliberate change to this list, and which permissions can be key scopes.
 */
import { describe, expect, it } from 'vitest';
import {
  effectivePermissions,
  grantableRoles,
  grantableScopes,
  isPermission,
  isPrivileged,
  MODULES,
  PERMISSIONS,
  PRIVILEGED_PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
  type ModuleName,
} from '../../../src/domain/access/permissions.js';
import { SUBSCRIBABLE_KINDS, subscribableKinds } from '../../../src/domain/events/event.js';

const MANAGE = [
  'person.manage',
  'device.manage',
  'loan.manage',
  'ticket.create',
  'ticket.manage',
  'repair.manage',
  'cost.manage',
];

describe('the role table', () => {
  it('gives a school administrator every permission, the console-only ones included', () => {
    expect(new Set(ROLE_PERMISSIONS['school-admin'])).toEqual(new Set([...PERMISSIONS, ...PRIVILEGED_PERMISSIONS]));
  });

  it('gives each other role exactly its permissions', () => {
    const sorted = (role: keyof typeof ROLE_PERMISSIONS) => [...ROLE_PERMISSIONS[role]].sort();
    expect(sorted('technician')).toEqual(
      [
        'person.view',
        'loan.view',
        'loan.issue',
        'loan.return',
        'repair.view',
        'repair.create',
        'repair.assign',
        'ticket.view',
        'device.view',
        'cost.view',
        'monitor.manage',
        'event.subscribe',
        'device.manage',
        'loan.manage',
        'ticket.create',
        'ticket.manage',
        'repair.manage',
        'cost.manage',
        'reservation.create',
        'reservation.manage',
        'charge.manage',
      ].sort(),
    );
    expect(sorted('loan-desk')).toEqual(
      [
        'person.view',
        'loan.view',
        'loan.issue',
        'loan.return',
        'repair.view',
        'repair.create',
        'device.view',
        'event.subscribe',
        'loan.manage',
        'ticket.create',
        'reservation.create',
        'reservation.manage',
      ].sort(),
    );
    // A teacher books their own groups' loaners ahead (issue 23) and sees their own bookings.
    expect(sorted('teacher')).toEqual(
      ['person.view', 'loan.view', 'repair.create', 'ticket.create', 'reservation.create'].sort(),
    );
    // Read-only keeps every view permission and nothing that changes a record.
    expect(sorted('read-only')).toEqual(PERMISSIONS.filter((p) => p.endsWith('.view')).sort());
  });

  it('lets the record permissions be key scopes, never console-only', () => {
    for (const p of MANAGE) {
      expect(isPermission(p), p).toBe(true);
      expect(isPrivileged(p), p).toBe(false);
    }
    expect(ROLE_PERMISSIONS['read-only'].some((p) => MANAGE.includes(p))).toBe(false);
  });
});

describe('what a holder may hand on (the console offers exactly these)', () => {
  const holding = (role: keyof typeof ROLE_PERMISSIONS, modules: readonly ModuleName[] = MODULES) =>
    effectivePermissions(ROLE_PERMISSIONS[role], modules);

  it('offers as key scopes the key permissions held, in catalogue order, never console-only ones or modules', () => {
    expect(grantableScopes(holding('school-admin'))).toEqual([...PERMISSIONS]);
    const technician = grantableScopes(holding('technician'));
    expect(technician).toEqual(PERMISSIONS.filter((p) => ROLE_PERMISSIONS.technician.includes(p)));
    expect(technician).not.toContain('webhook.manage');
    expect(technician).not.toContain('audit.view');
  });

  it('offers the roles whose every permission is held: all of them to a school administrator', () => {
    expect(grantableRoles(holding('school-admin'))).toEqual([...ROLES]);
    // A technician holds its own role, a loan desk's and a teacher's, not an administrator's or a reader's
    // (audit.view).
    expect(grantableRoles(holding('technician'))).toEqual(['technician', 'loan-desk', 'teacher']);
    expect(grantableRoles(holding('teacher'))).toEqual(['teacher']);
  });

  it('offers the event kinds a webhook of the holder may subscribe to, by permission and module', () => {
    expect(subscribableKinds(holding('school-admin'))).toEqual(SUBSCRIBABLE_KINDS);
    // Without the service desk module no ticket kind; a loan desk never sees internal notes.
    const noDesk = subscribableKinds(
      holding(
        'school-admin',
        MODULES.filter((m) => m !== 'servicedesk'),
      ),
    );
    expect(noDesk.filter((k) => k.startsWith('ticket.'))).toEqual([]);
    expect(subscribableKinds(holding('loan-desk'))).not.toContain('ticket.commented');
    expect(subscribableKinds(holding('loan-desk'))).toContain('loan.issued');
  });
});
