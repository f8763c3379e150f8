import { z } from 'zod';
import { defineSchoolSetting } from '../settings/school-setting.js';

const MIB = 1024 * 1024;

/**
 * A school's requester portal (issue 30, point 1). On by default wherever the service desk is: a
 * school with single sign-on, or with staff in the console, has requesters at once. Sign-in links by
 * e-mail are the school's choice (off by default): they send mail to pupils' addresses, which a
 * school should decide to do. Files a requester attaches are limited per file.
 */
export const portalSetting = defineSchoolSetting({
  name: 'portal',
  title: 'The requester portal',
  required: ['module.servicedesk', 'user.manage'],
  schema: z
    .object({
      enabled: z.boolean().default(true).describe('Pupils and staff may sign in at /portal'),
      signInLinks: z
        .boolean()
        .default(false)
        .describe('Besides single sign-on, a one-use sign-in link may be e-mailed to a person of the school'),
      maxFileBytes: z
        .number()
        .int()
        .min(64 * 1024)
        .max(25 * MIB)
        .default(10 * MIB)
        .describe('The largest file a requester may attach, in bytes'),
    })
    .strict(),
});

export type PortalSettings = z.output<typeof portalSetting.schema>;
