/**
 * Versioned schema migrations, applied in order and recorded in `schema_migrations`. Never edit a
 * released migration: add the next one. Column names match the Postgres adapter's.
 *
 * Conventions: STRICT tables; dates `YYYY-MM-DD` TEXT, instants ISO 8601 TEXT, money INTEGER minor
 * units, JSON as TEXT. Every query filters by tenant_id first, so every index starts with it.
 * tenant_id columns are not foreign keys (as on Postgres): bulk seeding stays fast.
 */
import { MIGRATION_VERSIONS, type MigrationVersion } from '../../migration-versions.js';
import { sql as initial } from './0001_initial.js';
import { sql as loanTallies } from './0002_loan_tallies.js';
import { sql as sessions } from './0003_sessions.js';
import { sql as loanSearch } from './0004_loan_search.js';
import { sql as loansIssuedIndex } from './0005_loans_issued_index.js';
import { sql as events } from './0006_events.js';
import { sql as webhooks } from './0007_webhooks.js';
import { sql as monitors } from './0008_monitors.js';
import { sql as records } from './0009_records.js';
import { sql as accessVersion } from './0010_access_version.js';
import { sql as sso } from './0011_sso.js';
import { sql as oauth } from './0012_oauth.js';
import { sql as schoolSettings } from './0013_school_settings.js';
import { sql as guardiansAgreements } from './0014_guardians_agreements.js';
import { sql as reservations } from './0015_reservations.js';
import { sql as reminders } from './0016_reminders.js';
import { sql as accounts } from './0017_accounts.js';
import { sql as ticketRouting } from './0018_ticket_routing.js';
import { sql as cannedReplies } from './0019_canned_replies.js';
import { sql as serviceTargets } from './0020_service_targets.js';
import { sql as ticketMail } from './0021_ticket_mail.js';
import { sql as mailIn } from './0022_mail_in.js';
import { sql as portal } from './0023_portal.js';
import { sql as staffTicketMail } from './0024_staff_ticket_mail.js';
import { sql as mailHtml } from './0025_mail_html.js';

export interface Migration {
  readonly version: string;
  readonly sql: string;
}

/** Every shared version has its file here, even when this dialect has nothing to do at that number. */
const SQL: Record<MigrationVersion, string> = {
  '0001_initial': initial,
  '0002_loan_tallies': loanTallies,
  '0003_sessions': sessions,
  '0004_loan_search': loanSearch,
  '0005_loans_issued_index': loansIssuedIndex,
  '0006_events': events,
  '0007_webhooks': webhooks,
  '0008_monitors': monitors,
  '0009_records': records,
  '0010_access_version': accessVersion,
  '0011_sso': sso,
  '0012_oauth': oauth,
  '0013_school_settings': schoolSettings,
  '0014_guardians_agreements': guardiansAgreements,
  '0015_reservations': reservations,
  '0016_reminders': reminders,
  '0017_accounts': accounts,
  '0018_ticket_routing': ticketRouting,
  '0019_canned_replies': cannedReplies,
  '0020_service_targets': serviceTargets,
  '0021_ticket_mail': ticketMail,
  '0022_mail_in': mailIn,
  '0023_portal': portal,
  '0024_staff_ticket_mail': staffTicketMail,
  '0025_mail_html': mailHtml,
};

export const MIGRATIONS: readonly Migration[] = MIGRATION_VERSIONS.map((version) => ({ version, sql: SQL[version] }));

/**
 * Before the dialects shared one numbering, SQLite numbered its migrations on its own (0001_initial …
 * 0010_oauth) and its databases recorded those names. Each old name is the same migration under its
 * shared number, so the runner renames the recorded rows before it compares: a database of that
 * release upgrades in place and is given only the numbers it never had (0002 and 0005, which do
 * nothing on SQLite). No old name but 0001_initial (unchanged) is a shared name, so renaming cannot
 * collide with a row already renumbered.
 */
export const RENUMBERED: Readonly<Record<string, MigrationVersion>> = {
  '0002_sessions': '0003_sessions',
  '0003_loan_search': '0004_loan_search',
  '0004_events': '0006_events',
  '0005_webhooks': '0007_webhooks',
  '0006_monitors': '0008_monitors',
  '0007_records': '0009_records',
  '0008_access_version': '0010_access_version',
  '0009_sso': '0011_sso',
  '0010_oauth': '0012_oauth',
};
