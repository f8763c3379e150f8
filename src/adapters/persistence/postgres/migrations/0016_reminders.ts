/** Overdue reminders (issue 23). */
export const sql = ``;
