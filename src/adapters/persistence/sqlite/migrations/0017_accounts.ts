/** Pupils' accounts: charges, payments, waivers and insurance cover (issue 23). */
export const sql = ``;
