/**
 * The routing rules' pure parts (issue 30, point 4): the first matching rule by position, a null
 * condition matching anything, and the turn going round the available members, wrapping, and
 * skipping those away.
 */
import { describe, expect, it } from 'vitest';
import {
  matchingRule,
  nextInTurn,
  type RoutingRule,
  type StoredTeam,
} from '../../../src/domain/tickets/routing/routing.js';

const rule = (o: Partial<RoutingRule>): RoutingRule => ({
  id: o.id ?? 'r',
  position: 1,
  categoryId: null,
  requesterKind: null,
  priority: null,
  teamId: 't',
  assignment: 'round_robin',
  createdAt: '2026-12-01T00:00:00.000Z',
  ...o,
});

const team = (available: boolean[], lastTurn: number): StoredTeam => ({
  id: 't',
  name: 'Desk',
  members: available.map((a, i) => ({ personId: `p${i}`, available: a })),
  lastTurn,
  createdAt: '2026-12-01T00:00:00.000Z',
});

describe('matchingRule', () => {
  const rules = [
    rule({ id: 'any', position: 9 }),
    rule({ id: 'av', position: 2, categoryId: 'AV' }),
    rule({ id: 'urgent-pupil', position: 1, requesterKind: 'PUPIL', priority: 'URGENT' }),
  ];

  it('takes the lowest position whose every condition holds', () => {
    expect(matchingRule(rules, { categoryId: 'AV', requesterKind: 'PUPIL', priority: 'URGENT' })?.id).toBe(
      'urgent-pupil',
    );
    expect(matchingRule(rules, { categoryId: 'AV', requesterKind: 'STAFF', priority: 'URGENT' })?.id).toBe('av');
    expect(matchingRule(rules, { categoryId: null, requesterKind: null, priority: 'LOW' })?.id).toBe('any');
  });

  it('matches nothing when no rule holds, or there are none', () => {
    expect(matchingRule([rules[1]!], { categoryId: 'NET', requesterKind: null, priority: 'NORMAL' })).toBeNull();
    expect(matchingRule([], { categoryId: null, requesterKind: null, priority: 'NORMAL' })).toBeNull();
  });
});

describe('nextInTurn', () => {
  it('goes to the first available member after the last one, wrapping round', () => {
    expect(nextInTurn(team([true, true, true], -1))).toEqual({ personId: 'p0', position: 0 });
    expect(nextInTurn(team([true, true, true], 0))).toEqual({ personId: 'p1', position: 1 });
    expect(nextInTurn(team([true, true, true], 2))).toEqual({ personId: 'p0', position: 0 });
  });

  it('skips members who are away, and comes back to the last one when only they are available', () => {
    expect(nextInTurn(team([true, false, true], 0))).toEqual({ personId: 'p2', position: 2 });
    expect(nextInTurn(team([false, true, false], 1))).toEqual({ personId: 'p1', position: 1 });
  });

  it('finds nobody in a team with nobody available, or nobody at all', () => {
    expect(nextInTurn(team([false, false], 0))).toBeNull();
    expect(nextInTurn(team([], -1))).toBeNull();
  });
});
