import type { CommandModule } from 'yargs';
import { SendReminders } from '../../../domain/reminders/send-reminders.js';
import { isCalendarDate } from '../../../domain/shared/dates.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { CliError, runCommand } from '../command.js';
import type { DeskProgram, GlobalOptions } from '../program.js';

type SendArgs = GlobalOptions & { tenant?: string; date?: string };

/**
 * `desk reminders send`: the daily reminder job once, now (issue 23). Operators run it after a mail
 * outage (what was refused is sent now; what may have arrived is never sent again), tests instead of
 * waiting a day. Planning is idempotent, so a second run on a day sends nothing new.
 */
export const remindersCommand = (program: DeskProgram): CommandModule<GlobalOptions, GlobalOptions> => ({
  command: 'reminders <action>',
  describe: 'E-mail reminders of overdue loans',
  builder: (y) => y.command(sendCommand(program)).demandCommand(1) as never,
  handler: () => undefined,
});

const sendCommand = (program: DeskProgram): CommandModule<GlobalOptions, SendArgs> => ({
  command: 'send',
  describe: "Plan and send the reminders owed now (each school's today, or --date), and those waiting to retry",
  builder: (y) =>
    y
      .option('tenant', { type: 'string', describe: 'Only this school (its slug)' })
      .option('date', { type: 'string', describe: 'Plan as of this date, YYYY-MM-DD (default: each school’s today)' })
      .check((argv) => {
        if (argv.date !== undefined && !isCalendarDate(argv.date)) throw new Error('--date must be YYYY-MM-DD');
        return true;
      }) as never,
  handler: (argv) =>
    runCommand(program, argv, async (opened) => {
      const job = opened.resolve(SendReminders);
      if (!job.canSend) throw new CliError('no mail server: set SMTP_URL to send reminders', 2);
      if (argv.tenant !== undefined) {
        const tenant = await opened.resolve(UnitOfWork).read((r) => r.tenants.findBySlug(argv.tenant!));
        if (!tenant) throw new CliError(`no school with the slug ${argv.tenant}`, 1);
      }
      const result = await job.execute({
        ...(argv.tenant !== undefined ? { tenantSlug: argv.tenant } : {}),
        ...(argv.date !== undefined ? { date: argv.date } : {}),
      });
      if (!result.ran) throw new CliError('another process is sending reminders now; try again in a minute', 1);
      let sent = 0;
      let waiting = 0;
      let failed = 0;
      for (const { tenant, outcomes, abandoned } of result.value) {
        for (const { reminder: r, result: done, error } of outcomes) {
          const what = `${tenant.slug}\tloaner ${r.loanNumber}\t${r.kind} ${r.sequence}\t${r.recipients.length} recipient(s)`;
          if (done === 'sent') {
            sent++;
            process.stdout.write(`sent\t${what}\n`);
          } else if (done === 'retry') {
            waiting++;
            process.stdout.write(`retry\t${what}\t${error ?? ''}\n`);
          } else if (done === 'dropped') {
            process.stdout.write(`dropped\t${what}\t${error ?? ''}\n`);
          } else {
            failed++;
            process.stdout.write(`failed\t${what}\t${error ?? ''}\n`);
          }
        }
        failed += abandoned.length;
        for (const r of abandoned)
          process.stdout.write(`failed\t${tenant.slug}\tloaner ${r.loanNumber}\tabandoned while sending\n`);
      }
      process.stdout.write(`${sent} sent, ${waiting} waiting to retry, ${failed} failed\n`);
      if (waiting + failed > 0) process.exitCode = 1;
    }),
});
