import { z } from 'zod';
import { PERSON_KINDS, type PersonKind } from '../../people/person-kinds.js';
import { isoInstant, text } from '../../shared/validation.js';
import { TICKET_PRIORITIES, type TicketPriority } from '../ticket-states.js';

/**
 * How a school's help desk sends a ticket to the people who work it (issue 30, point 4): categories
 * a ticket is filed under, teams of staff, and rules tried in order whose first match picks the team
 * and whether the ticket is assigned in turn among the team's available members or left for one of
 * them to pick up. Every channel opens tickets through CreateTicket, so one routing serves them all.
 */

export const ticketCategorySchema = z.object({ id: z.string(), name: z.string(), createdAt: isoInstant() });
export type TicketCategory = z.output<typeof ticketCategorySchema>;

/** A category's or team's name, as an administrator types it. */
export const routingName = () => text(1, 80).describe('Its name, unique in the school');

export const teamMemberSchema = z.object({
  personId: z.string(),
  name: z.string().describe("The member of staff's name"),
  available: z.boolean().describe('false: away (on leave, off this term), so given no ticket in turn'),
});
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(teamMemberSchema).describe('In the order tickets go round them'),
  createdAt: isoInstant(),
});
export type Team = z.output<typeof teamSchema>;

/** A team as stored: its members by person, and the position of the member the last ticket went to. */
export interface StoredTeam {
  readonly id: string;
  readonly name: string;
  readonly members: readonly { readonly personId: string; readonly available: boolean }[];
  /** -1 before the first turn. */
  readonly lastTurn: number;
  readonly createdAt: string;
}

export const ASSIGNMENTS = ['round_robin', 'pick_up'] as const;
export type Assignment = (typeof ASSIGNMENTS)[number];

export const routingRuleSchema = z.object({
  id: z.string(),
  position: z.number().int().describe('Rules are tried from the lowest position; the first match routes'),
  categoryId: z.string().nullable().describe('Only tickets of this category; null: any'),
  requesterKind: z.enum(PERSON_KINDS).nullable().describe('Only tickets asked by a PUPIL or by STAFF; null: any'),
  priority: z.enum(TICKET_PRIORITIES).nullable().describe('Only tickets of this priority; null: any'),
  teamId: z.string().describe('The team the ticket goes to'),
  assignment: z
    .enum(ASSIGNMENTS)
    .describe("round_robin: to the team's next available member in turn; pick_up: left for a member to take"),
  createdAt: isoInstant(),
});
export type RoutingRule = z.output<typeof routingRuleSchema>;

/** What a new ticket is routed by. */
export interface RoutingFacts {
  readonly categoryId: string | null;
  readonly requesterKind: PersonKind | null;
  readonly priority: TicketPriority;
}

/** The first rule (by position) whose every condition holds; a condition left null holds for all. */
export function matchingRule(rules: readonly RoutingRule[], facts: RoutingFacts): RoutingRule | null {
  const ordered = [...rules].sort((a, b) => a.position - b.position);
  return (
    ordered.find(
      (r) =>
        (r.categoryId === null || r.categoryId === facts.categoryId) &&
        (r.requesterKind === null || r.requesterKind === facts.requesterKind) &&
        (r.priority === null || r.priority === facts.priority),
    ) ?? null
  );
}

/**
 * The next member in turn: the first available member after the one the last ticket went to,
 * wrapping round; null when nobody is available (the ticket then waits for pick-up).
 */
export function nextInTurn(team: StoredTeam): { personId: string; position: number } | null {
  const n = team.members.length;
  for (let step = 1; step <= n; step++) {
    const position = (((team.lastTurn + step) % n) + n) % n;
    const member = team.members[position]!;
    if (member.available) return { personId: member.personId, position };
  }
  return null;
}
