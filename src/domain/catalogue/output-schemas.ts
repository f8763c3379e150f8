import { z } from 'zod';
import { COST_BREAKDOWN_BY } from '../costs/cost-entry.js';
import { DEVICE_STATUSES } from '../devices/device.js';
import { LOAN_KINDS, LOAN_STATUSES } from '../loans/loan.js';
import { PERSON_KINDS } from '../people/person.js';
import { COVERAGES, SUBMISSION_STATUSES } from '../submissions/submission.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../tickets/ticket.js';

/**
 * The shapes tools return, as schemas: published as each tool's `outputSchema` and checked by a
 * test against what the use cases really return. One definition per record, reused by every tool.
 */
const nullableString = z.string().nullable();
const date = z.string().describe('YYYY-MM-DD');
const instant = z.string().describe('ISO 8601 UTC');

export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: nullableString,
  kind: z.enum(PERSON_KINDS),
  userGroup: nullableString,
  externalId: nullableString,
});

export const loanSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(LOAN_KINDS),
  serial: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  status: z.enum(LOAN_STATUSES),
  holder: z.object({ id: z.string(), name: z.string() }).nullable(),
  userGroup: nullableString,
  issuedAt: instant.nullable(),
  dueDate: date.nullable(),
  overdue: z.boolean(),
});

export const deviceSchema = z.object({
  id: z.string(),
  serial: z.string(),
  kind: z.string(),
  manufacturer: nullableString,
  model: nullableString,
  status: z.enum(DEVICE_STATUSES),
  assignedPersonId: nullableString,
  purchaseDate: date.nullable(),
  purchaseCostMinor: z.number().int().nullable(),
  warrantyEnd: date.nullable(),
});

export const submissionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  serial: z.string(),
  description: z.string(),
  reporterId: nullableString,
  assigneeId: nullableString,
  status: z.enum(SUBMISSION_STATUSES),
  coverage: z.enum(COVERAGES).nullable(),
  costMinor: z.number().int().nullable(),
  createdAt: instant,
  updatedAt: instant,
});

export const ticketSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  requesterId: nullableString,
  assigneeId: nullableString,
  createdAt: instant,
});

const listOf = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() } as {
    [P in K]: z.ZodArray<T>;
  } & { total: z.ZodNumber; page: z.ZodNumber; pageSize: z.ZodNumber });

export const loanInventorySchema = listOf('loans', loanSchema).extend({
  summary: z.object({
    total: z.number().int(),
    available: z.number().int(),
    issued: z.number().int(),
    overdue: z.number().int(),
    withoutDueDate: z.number().int(),
    nextNumber: z.number().int(),
  }),
});

export const peopleResultSchema = z.object({ people: z.array(personSchema) });
export const profileSchema = z.object({
  person: personSchema,
  loans: z.array(loanSchema).optional(),
  devices: z.array(deviceSchema).optional(),
  submissions: z.array(submissionSchema).optional(),
});
export const loanResultSchema = z.object({ loan: loanSchema });
export const submissionResultSchema = z.object({ submission: submissionSchema });
export const submissionListSchema = listOf('submissions', submissionSchema);
export const ticketResultSchema = z.object({ ticket: ticketSchema });
export const ticketListSchema = listOf('tickets', ticketSchema);
export const deviceListSchema = listOf('devices', deviceSchema);
export const costBreakdownSchema = z.object({
  by: z.enum(COST_BREAKDOWN_BY),
  currency: z.string(),
  from: date,
  to: date,
  rows: z.array(z.object({ key: z.string(), count: z.number().int(), amountMinor: z.number().int() })),
  totalMinor: z.number().int(),
});
