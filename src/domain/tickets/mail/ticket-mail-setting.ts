import { z } from 'zod';
import { defineSchoolSetting } from '../../settings/school-setting.js';

const days = (what: string, fallback: number, max = 90) =>
  z.number().int().min(0).max(max).default(fallback).describe(what);

/**
 * A school's e-mail to the people who ask (issue 30, point 3): on by default wherever the deployment
 * can send mail (SMTP_URL), in the school's name. The days are calendar days.
 */
export const ticketMailSetting = defineSchoolSetting({
  name: 'ticket-mail',
  title: "The help desk's e-mail to requesters",
  required: ['module.servicedesk', 'ticket.manage'],
  schema: z
    .object({
      enabled: z.boolean().default(true).describe('Write to requesters about their tickets'),
      acknowledge: z.boolean().default(true).describe('Confirm each new ticket with its number'),
      reopenDays: days('Days after resolution a reply reopens the ticket (0: never); then it closes', 7),
      waitingReminderDays: days('Days waiting on the requester before one reminder (0: none)', 3),
      closeAfterDays: days('Days waiting on the requester before it is closed without an answer (0: never)', 10),
    })
    .strict(),
});

export type TicketMailSettings = z.output<typeof ticketMailSetting.schema>;
