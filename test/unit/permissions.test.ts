/**
 * The role table (SPEC §4 as issue 12 extends it): what each role holds, pinned here so a change to
 * a role is a deliberate change to this list, and which permissions can be key scopes.
 */
import { describe, expect, it } from 'vitest';
import {
  isPermission,
  isPrivileged,
  PERMISSIONS,
  PRIVILEGED_PERMISSIONS,
  ROLE_PERMISSIONS,
} from '../../src/domain/access/permissions.js';

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
      ].sort(),
    );
    expect(sorted('teacher')).toEqual(['person.view', 'loan.view', 'repair.create', 'ticket.create'].sort());
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
