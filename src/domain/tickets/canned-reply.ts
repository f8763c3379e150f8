import { z } from 'zod';
import { isoInstant } from '../shared/validation.js';

/**
 * A canned reply (issue 30, point 4): a school's ready answer ("Your password is reset", "Bring the
 * device to room 2.14"), and its placeholders, which the server fills for one ticket so every
 * surface says the same words. The use cases are in canned-replies.ts.
 */

export const cannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string().describe('The text, with placeholders: {requester}, {ticket}, {serial}, {me}'),
  createdAt: isoInstant(),
});
export type CannedReply = z.output<typeof cannedReplySchema>;

/** What each placeholder stands for; nothing else in braces is one. */
export const PLACEHOLDERS = {
  requester: "the requester's name",
  ticket: 'the ticket number',
  serial: 'the serial of a device or loaner the requester holds',
  me: 'the name of whoever replies',
} as const;
type Placeholder = keyof typeof PLACEHOLDERS;
const PLACEHOLDER = /\{([a-z]+)\}/g;

/** A body's placeholders that are not known ones, for a clear refusal. */
export function unknownPlaceholders(body: string): string[] {
  return [...body.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !(name in PLACEHOLDERS));
}

/** The body with each placeholder replaced by its value; a value not known reads as a plain phrase. */
export function fillPlaceholders(body: string, values: Readonly<Record<Placeholder, string | null>>): string {
  const fallback: Record<Placeholder, string> = {
    requester: 'there',
    ticket: 'your ticket',
    serial: 'your device',
    me: 'the IT team',
  };
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    name in PLACEHOLDERS ? (values[name as Placeholder] ?? fallback[name as Placeholder]) : whole,
  );
}
