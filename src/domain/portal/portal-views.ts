/**
 * What the portal shows a requester: their own things, in shapes of their own. Never the desk's
 * internal notes, the staff's ids or addresses, another person's records or the desk's due times;
 * of the staff only the name of whoever is assigned.
 */
import { z } from 'zod';
import { LOAN_KINDS } from '../loans/loan-states.js';
import { PERSON_KINDS } from '../people/person-kinds.js';
import { RESERVATION_STATUSES } from '../reservations/reservation.js';
import { SUBMISSION_STATUSES } from '../submissions/repair-states.js';
import { isoDate, isoInstant, nullableText } from '../shared/validation.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../tickets/ticket-states.js';

export const portalFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().describe('Bytes'),
});

export const portalCommentSchema = z.object({
  id: z.string(),
  author: z.object({
    name: z.string().describe('"You", the assigned person\'s name, or the desk\'s'),
    you: z.boolean().describe('Written by the requester'),
  }),
  body: z.string(),
  html: z.string().nullable().describe('How it looked when it came by e-mail, sanitised (no script, style or image)'),
  createdAt: isoInstant(),
  files: z.array(portalFileSchema),
});

export const portalTicketSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  assignee: z.object({ name: z.string() }).nullable().describe('Who works on it: a name, nothing more'),
  createdAt: isoInstant(),
  updatedAt: isoInstant(),
});

export const portalTicketSchema = portalTicketSummarySchema.extend({
  body: z.string(),
  html: z.string().nullable().describe('How the first message looked, when it came by e-mail (sanitised)'),
  priority: z.enum(TICKET_PRIORITIES),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A resolved ticket takes a reply (which reopens it) until then; null when it no longer can. */
  reopenUntil: isoInstant().nullable(),
  canReply: z.boolean().describe('Whether a reply is taken now (not closed, not past its reopen window)'),
  files: z.array(portalFileSchema).describe('Files that came with the ticket itself'),
  comments: z.array(portalCommentSchema).describe('The public conversation, oldest first'),
});

export const portalTicketListSchema = z.object({
  tickets: z.array(portalTicketSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const portalTicketResultSchema = z.object({ ticket: portalTicketSchema });
/** A reply's answer: the ticket as it now is, and the reply itself (a file may then go with it). */
export const portalReplyResultSchema = portalTicketResultSchema.extend({
  comment: z.object({ id: z.string() }).describe('The reply just added'),
});

export const portalRepairSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  serial: z.string(),
  description: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  createdAt: isoInstant(),
  updatedAt: isoInstant(),
});
export const portalRepairListSchema = z.object({ repairs: z.array(portalRepairSchema) });
export const portalRepairResultSchema = z.object({ repair: portalRepairSchema });

export const portalLoanSchema = z.object({
  number: z.number().int(),
  kind: z.enum(LOAN_KINDS),
  serial: z.string(),
  groupName: z.string(),
  issuedAt: isoInstant().nullable(),
  dueDate: isoDate().nullable(),
  overdue: z.boolean(),
});
export const portalBookingSchema = z.object({
  id: z.string(),
  groupName: z.string(),
  quantity: z.number().int(),
  from: isoInstant(),
  to: isoInstant(),
  status: z.enum(RESERVATION_STATUSES),
});
export const portalLoanListSchema = z.object({
  loans: z.array(portalLoanSchema).describe('What the requester holds now, soonest due first'),
  bookings: z.array(portalBookingSchema).describe('Their bookings still to come'),
});

export const portalDeviceSchema = z.object({
  serial: z.string(),
  kind: z.string().describe("A device's kind, or a loaner's (LAPTOP, IPAD)"),
  model: nullableText(),
  source: z.enum(['device', 'loan']).describe('Assigned to them, or on loan to them'),
  loanNumber: z.number().int().nullable().describe("A loaner's number, as on its label"),
  dueDate: isoDate().nullable(),
});
export const portalDeviceListSchema = z.object({ devices: z.array(portalDeviceSchema) });

export const portalPupilSchema = z.object({ id: z.string(), name: z.string(), userGroup: nullableText() });

export const portalMeSchema = z.object({
  person: z.object({ id: z.string(), name: z.string(), kind: z.enum(PERSON_KINDS), email: z.string() }),
  school: z.object({ name: z.string(), slug: z.string(), timeZone: z.string().describe('Where its dates are read') }),
  via: z.enum(['link', 'sso', 'console']).describe('How they came in (a console session stands in for staff)'),
  offers: z.object({
    tickets: z.boolean().describe('The service desk is on'),
    repairs: z.boolean().describe('Repairs are on'),
    loans: z.boolean().describe('Loans are on'),
  }),
  categories: z.array(z.object({ id: z.string(), name: z.string() })).describe('What a new request may be about'),
  pupils: z
    .array(portalPupilSchema)
    .describe('For a teacher: the pupils of their loan groups, for whom they may file (empty otherwise)'),
  maxFileBytes: z.number().int(),
});
export type PortalMe = z.output<typeof portalMeSchema>;
