/**
 * Audit entries read in words (issue 29, points 4 and 6), on SQLite and Postgres: the audit log and a
 * loan's history name who acted (the member of staff, the API key, the command line) and the records
 * the details refer to by id (the holder, the loan group), beside the ids and codes programs read.
 * Another school's records are never named, even when an id of theirs is in a detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameAuditEntries } from '../../../src/domain/audit/audit-names.js';
import { userActor } from '../../../src/domain/identity/user-actor.js';
import { UnitOfWork } from '../../../src/ports/unit-of-work.js';
import { tenantBySlug } from '../../support/tenant-data.js';
import { startApp, type TestApp, type TestDatabase } from '../../support/app.js';
import { consoleClient, signIn, type ConsoleUser } from '../../support/console.js';
import { postgresAvailable, warnIfPostgresSkipped } from '../../support/postgres.js';
import { restClient } from '../../support/rest.js';

warnIfPostgresSkipped();
const DATABASES: TestDatabase[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

interface NamedEntry {
  action: string;
  target: string;
  actor: { type: string; id: string; name: string };
  details: Record<string, unknown>;
  names: Record<string, string>;
}

describe.each(DATABASES)('audit entries in words on %s', (database) => {
  let app: TestApp;
  let admin: ConsoleUser;
  let loanNumber: number;
  let holderId: string;
  let groupId: string;
  let bravoPersonId: string;

  beforeAll(async () => {
    app = await startApp({ database, env: { LOG_LEVEL: 'warn' } });
    await app.tenant('alpha');
    await app.tenant('bravo');
    admin = await signIn(app, 'alpha', { role: 'school-admin', name: 'Dana Desk' });
    const as = consoleClient(app, admin.token);
    const group = await as.post('/api/loan-groups', { name: 'Cart 12' });
    expect(group.status, group.text).toBe(201);
    groupId = group.json.loanGroup.id;
    const loan = await as.post('/api/loans', { kind: 'LAPTOP', serial: 'NAMES-001', groupId });
    expect(loan.status, loan.text).toBe(201);
    loanNumber = loan.json.loan.number;
    const pupil = await as.post('/api/people', { name: 'Pat Pupil', kind: 'PUPIL' });
    expect(pupil.status, pupil.text).toBe(201);
    holderId = pupil.json.person.id;
    const bravoAdmin = await signIn(app, 'bravo', { role: 'school-admin' });
    const bravoPupil = await consoleClient(app, bravoAdmin.token).post('/api/people', {
      name: 'Bravo Secret',
      kind: 'PUPIL',
    });
    bravoPersonId = bravoPupil.json.person.id;

    const issued = await as.post('/api/loans/issue', { number: loanNumber, holderId });
    expect(issued.status, issued.text).toBe(200);
    const key = await app.key('alpha', ['loan.view', 'loan.return'], {});
    const returned = await restClient(app.port, key.key).post('/api/v1/actions/loans.return', { number: loanNumber });
    expect(returned.status, returned.text).toBe(200);
  });
  afterAll(() => app?.close());

  const history = async (): Promise<NamedEntry[]> => {
    const reply = await consoleClient(app, admin.token).get(`/api/loans/${loanNumber}/history`);
    expect(reply.status, reply.text).toBe(200);
    return reply.json.history;
  };

  it("names the member of staff, the key and the holder on a loan's history", async () => {
    const entries = await history();
    const issue = entries.find((e) => e.action === 'loan.issue');
    const ret = entries.find((e) => e.action === 'loan.return');
    const created = entries.find((e) => e.action === 'loan.create');
    expect(issue?.actor).toMatchObject({ type: 'user', name: 'Dana Desk' });
    expect(issue?.details.holderId).toBe(holderId);
    expect(issue?.names[holderId]).toBe('Pat Pupil');
    expect(ret?.actor.type).toBe('apiKey');
    expect(ret?.actor.name).toMatch(/\S/);
    expect(ret?.actor.name).not.toBe(ret?.actor.id);
    expect(ret?.names[holderId]).toBe('Pat Pupil');
    expect(created?.names[groupId]).toBe('Cart 12');
  });

  it('names them on the audit log, and names nothing of another school', async () => {
    const reply = await consoleClient(app, admin.token).get(`/api/audit?target=loan:${loanNumber}`);
    expect(reply.status, reply.text).toBe(200);
    const entries: NamedEntry[] = reply.json.entries;
    expect(entries.map((e) => e.action)).toEqual(['loan.return', 'loan.issue', 'loan.create']);
    expect(entries[1]?.actor.name).toBe('Dana Desk');
    expect(entries[1]?.names).toEqual({ [holderId]: 'Pat Pupil' });
  });

  it("leaves an id of another school unnamed, even in this school's entry", async () => {
    const uow = app.container.get(UnitOfWork);
    const alpha = await tenantBySlug(app.container, 'alpha');
    const user = await uow.read((r) => r.users.findById(alpha.id, admin.user.id));
    if (!user) throw new Error('the administrator is not stored');
    const entry = {
      id: 'e1',
      actor: { type: 'user' as const, id: admin.user.id },
      action: 'loan.issue',
      target: 'loan:1',
      at: '2026-12-02T09:00:00.000Z',
      details: { holderId: bravoPersonId, nested: { also: holderId } },
    };
    const [named] = await uow.read((r) => nameAuditEntries(r, userActor(alpha, user), [entry]));
    expect(named?.names).toEqual({ [holderId]: 'Pat Pupil' });
    expect(named?.actor.name).toBe('Dana Desk');
  });
});
