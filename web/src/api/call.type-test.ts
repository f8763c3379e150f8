/**
 * Compile-time checks of `call` (npm run lint type-checks the web): the console API's paths,
 * parameters, bodies and answers come from its declarations, and what they do not declare does not
 * compile. Never imported: nothing here runs.
 */
import { call } from './client.js';
export async function typedCalls() {
  const rec = await call('get', '/api/devices/{id}', { path: { id: 'x' } });
  const s: string = rec.device.serial;
  const inv = await call('get', '/api/loans/inventory', { query: { page: 2, overdue: true } });
  const n: number = inv.summary.total;
  const created = await call('post', '/api/devices', { body: { serial: 'a', kind: 'LAPTOP' } });
  await call('post', '/api/people/{id}/archive', { path: { id: 'p' } });
  const groups = await call('get', '/api/loan-groups');
  // @ts-expect-error a path that is not declared
  await call('get', '/api/devicez');
  // @ts-expect-error a missing path parameter
  await call('get', '/api/devices/{id}', {});
  // @ts-expect-error a body field the route does not take
  await call('post', '/api/devices', { body: { serial: 'a', kind: 'LAPTOP', colour: 'red' } });
  return [s, n, created.device.id, groups.loanGroups.length];
}
