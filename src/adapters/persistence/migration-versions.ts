/**
 * The one numbering both dialects' migrations share: each version has a file in
 * sqlite/migrations/ and in postgres/migrations/ (saying so when a dialect has nothing to do at that
 * number), so a version added for one dialect alone does not compile, and
 * test/persistence/schema-parity.test.ts compares the schemas both build.
 */
export const MIGRATION_VERSIONS = [
  '0001_initial',
  '0002_loan_tallies',
  '0003_sessions',
  '0004_loan_search',
  '0005_loans_issued_index',
  '0006_events',
  '0007_webhooks',
  '0008_monitors',
  '0009_records',
  '0010_access_version',
  '0011_sso',
  '0012_oauth',
  '0013_school_settings',
  '0014_guardians_agreements',
  '0015_reservations',
  '0016_reminders',
  '0017_accounts',
  '0018_ticket_routing',
  '0019_canned_replies',
  '0020_service_targets',
  '0021_ticket_mail',
  '0022_mail_in',
  '0023_portal',
  '0024_staff_ticket_mail',
  '0025_mail_html',
] as const;

export type MigrationVersion = (typeof MIGRATION_VERSIONS)[number];
