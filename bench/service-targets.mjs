// npm run bench:service-targets — service targets on a school's calendar (issue 30, point 5), on a
// help desk of BENCH_TICKETS open tickets (default 10,000) in one tenant on SQLite, with the default
// hours and a year of closure days. It prints:
//   1. the pure arithmetic: due times and next checks of every ticket (clock.ts, school-calendar.ts);
//   2. what a school waits for when it changes its hours: SetBusinessHoursSettings, whose transaction
//      works out and writes every running ticket's due times (the "under 1 s for 10,000");
//   3. the queue's page of 50 by due time against newest first, and the breached filter: each one
//      query for the page and one for the total, whatever the due times (stored with the ticket);
//   4. a round of the job with a thousand alarms due (events written, no mail server).
// In-process timings of the compiled use cases (dist/), median of several runs; reported, never
// enforced.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';

const { buildContainer, resolveFrom } = await import('../dist/bootstrap/container.js');
const { loadConfig } = await import('../dist/bootstrap/load-config.js');
const { CreateTenant } = await import('../dist/domain/tenants/create-tenant.js');
const { operatorActor } = await import('../dist/domain/tenants/operator-actor.js');
const { perform } = await import('../dist/domain/shared/use-case.js');
const { ListTickets } = await import('../dist/domain/tickets/list-tickets.js');
const { CheckServiceTargets } = await import('../dist/domain/tickets/service-targets/check-service-targets.js');
const { newClock, dueTimes } = await import('../dist/domain/tickets/service-targets/clock.js');
const { businessHoursSetting, loadServiceTerms } =
  await import('../dist/domain/tickets/service-targets/service-terms.js');
const { Clock } = await import('../dist/ports/clock.js');
const { Database } = await import('../dist/ports/database.js');
const { UnitOfWork } = await import('../dist/ports/unit-of-work.js');

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const RUNS = 5;
const PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'];
const NOW = new Date('2026-12-07T09:00:00.000Z');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;
async function timed(work, runs = RUNS) {
  const times = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = await work(i);
    times.push(performance.now() - t);
  }
  return { median: median(times), result };
}

const dir = mkdtempSync(join(tmpdir(), 'desk-bench-sla-'));
try {
  const config = loadConfig({ installDir: dir, embeddedDb: true, env: { LOG_LEVEL: 'silent' } });
  const container = await buildContainer(config);
  container.rebind(Clock).toConstantValue({ now: () => new Date(NOW), sleep: async () => undefined });
  await container.get(Database).migrate();
  const uow = container.get(UnitOfWork);
  const tenant = await resolveFrom(container)(CreateTenant).execute({
    slug: 'desk',
    name: 'Big School',
    hosts: [],
    timeZone: 'Europe/London',
    currency: 'GBP',
  });
  await uow.transaction((r) => r.tenants.setModules(tenant.id, ['servicedesk', 'people']));
  const actor = operatorActor({ ...tenant, modules: ['servicedesk', 'people'] });

  // A year of closures: weekly-ish training days and three holidays.
  await uow.transaction((r) =>
    r.closureDays.upsert(tenant.id, [
      ...Array.from({ length: 30 }, (_, i) => {
        const d = new Date(Date.UTC(2026, 8, 7 + i * 10)).toISOString().slice(0, 10);
        return {
          id: randomUUID(),
          name: `Training ${i}`,
          startsOn: d,
          endsOn: d,
          uid: null,
          createdAt: NOW.toISOString(),
        };
      }),
      {
        id: randomUUID(),
        name: 'Winter',
        startsOn: '2026-12-21',
        endsOn: '2027-01-01',
        uid: null,
        createdAt: NOW.toISOString(),
      },
    ]),
  );

  const seeding = performance.now();
  const first = await uow.transaction((r) => r.tenants.takeNumbers(tenant.id, 'ticket', TICKETS));
  const terms = await uow.read((r) => loadServiceTerms(r, tenant));
  const tickets = [];
  const clocks = [];
  for (let i = 0; i < TICKETS; i++) {
    // Opened over the last three weeks, every priority; a fifth waiting on the requester.
    const createdAt = new Date(NOW.getTime() - ((i * 7919) % (21 * 24 * 60)) * 60_000).toISOString();
    const status = i % 5 === 0 ? 'PENDING' : i % 2 === 0 ? 'OPEN' : 'NEW';
    const base = {
      id: randomUUID(),
      number: first + i,
      subject: `Ticket ${i}`,
      body: 'Something is wrong',
      status,
      priority: PRIORITIES[i % 4],
      requesterId: null,
      assigneeId: null,
      categoryId: null,
      teamId: null,
      firstResponseDueAt: null,
      firstRespondedAt: status === 'PENDING' ? createdAt : null,
      resolutionDueAt: null,
      createdAt,
      updatedAt: createdAt,
    };
    const clock = { ...newClock(base.id, createdAt), runningSince: status === 'PENDING' ? null : createdAt };
    const next = dueTimes(base, clock, terms.targetsOf(base.priority), terms.calendar);
    tickets.push({ ...base, ...next.times });
    clocks.push(next.clock);
  }
  for (let i = 0; i < TICKETS; i += 5_000) {
    await uow.transaction(async (r) => {
      await r.tickets.insertMany(tenant.id, tickets.slice(i, i + 5_000));
      await r.ticketClocks.insertMany(tenant.id, clocks.slice(i, i + 5_000));
    });
  }
  console.log(`Service targets: ${TICKETS.toLocaleString()} open tickets, SQLite, Europe/London, 31 closures`);
  console.log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  // 1. The arithmetic alone, on a fresh calendar each run (its day cache starts empty).
  const pure = await timed(async () => {
    const fresh = await uow.read((r) => loadServiceTerms(r, tenant));
    for (let i = 0; i < TICKETS; i++)
      dueTimes(tickets[i], clocks[i], fresh.targetsOf(tickets[i].priority), fresh.calendar);
  });
  console.log(`  due times of ${TICKETS.toLocaleString()} tickets, computed: ${ms(pure.median)} (median of ${RUNS})`);

  // 2. A school changes its hours: every running ticket's due times move, in the setting's transaction.
  const hours = [{ monday: { opens: '08:00', closes: '16:00' } }, { monday: { opens: '08:30', closes: '16:30' } }];
  const put = await timed((i) => perform(resolveFrom(container), businessHoursSetting.put, actor, hours[i % 2]));
  const running = await uow.read((r) => r.ticketClocks.listActive(tenant.id));
  console.log(
    `  PUT business-hours, ${running.length.toLocaleString()} running tickets recomputed and written: ${ms(put.median)} (target under 1,000 ms)`,
  );

  // 3. The queue's page.
  const list = (input) => perform(resolveFrom(container), ListTickets, actor, { pageSize: 50, ...input });
  const newest = await timed(() => list({}), 20);
  const byDue = await timed(() => list({ sort: 'due' }), 20);
  const breached = await timed(() => list({ breached: true, sort: 'due' }), 20);
  console.log(
    `  queue page of 50, newest first: ${ms(newest.median)}; by due time: ${ms(byDue.median)}; breached only: ${ms(breached.median)} (${breached.result.total.toLocaleString()} breached)`,
  );

  // 4. A round of the job once a thousand alarms are due (no mail server: events only).
  container
    .rebind(Clock)
    .toConstantValue({ now: () => new Date(NOW.getTime() + 3 * 24 * 3600_000), sleep: async () => undefined });
  const round = await timed(() => resolveFrom(container)(CheckServiceTargets).execute(), 1);
  const alarms = round.result.ran ? round.result.value.alarms.length : 0;
  console.log(
    `  a job round: ${alarms.toLocaleString()} alarms (the round's limit: 500 clocks) in ${ms(round.median)}`,
  );
  console.log(
    `  load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await container.get(Database).close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
