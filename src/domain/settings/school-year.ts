import { z } from 'zod';
import { defineSchoolSetting } from './school-setting.js';

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * When the school's year starts (1 August unless the school says otherwise): what "this school
 * year" means for acceptable-use agreements and insurance cover. A year is named by its two
 * calendar years, `2026-2027`.
 */
export const schoolYearSetting = defineSchoolSetting({
  name: 'school-year',
  title: "When the school's year starts",
  required: ['user.manage'],
  schema: z
    .object({
      startMonth: z.number().int().min(1).max(12).default(8).describe('The month the school year starts, 1-12'),
      startDay: z.number().int().min(1).max(31).default(1).describe('The day of that month it starts'),
    })
    .strict()
    .superRefine((v, ctx) => {
      if (v.startDay > DAYS_IN_MONTH[v.startMonth - 1]!) {
        ctx.addIssue({ code: 'custom', path: ['startDay'], message: `month ${v.startMonth} has no day ${v.startDay}` });
      }
    }),
});

export type SchoolYearStart = z.output<typeof schoolYearSetting.schema>;

/** A school year: its name (`2026-2027`) and its dates, `[starts, ends)` as `YYYY-MM-DD`. */
export interface SchoolYear {
  readonly name: string;
  readonly starts: string;
  readonly ends: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
// 29 February starts a year only when there is one: otherwise 1 March.
const startIn = (year: number, s: SchoolYearStart): string => {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (s.startMonth === 2 && s.startDay === 29 && !leap) return `${year}-03-01`;
  return `${year}-${pad(s.startMonth)}-${pad(s.startDay)}`;
};

/** The school year a date (`YYYY-MM-DD`, the school's time zone) falls in. */
export function schoolYearOf(date: string, start: SchoolYearStart): SchoolYear {
  const year = Number(date.slice(0, 4));
  const first = date >= startIn(year, start) ? year : year - 1;
  return { name: `${first}-${first + 1}`, starts: startIn(first, start), ends: startIn(first + 1, start) };
}

/** A school year's name as an input: two consecutive years, `2026-2027`. */
export const schoolYearName = () =>
  z
    .string()
    .regex(/^\d{4}-\d{4}$/, { message: 'must be a school year such as 2026-2027' })
    .refine((s) => Number(s.slice(5)) === Number(s.slice(0, 4)) + 1, {
      message: 'must be two consecutive years, such as 2026-2027',
    });

/** The school year named `2026-2027`, with the school's start. */
export function schoolYearNamed(name: string, start: SchoolYearStart): SchoolYear {
  const first = Number(name.slice(0, 4));
  return { name, starts: startIn(first, start), ends: startIn(first + 1, start) };
}
