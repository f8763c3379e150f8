/** Reservations of loan groups (issue 23). */
export const sql = ``;
