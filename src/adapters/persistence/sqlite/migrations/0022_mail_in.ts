/**
 * Mail in (issue 30, point 2): a school's mailboxes (the password sealed), a receipt per message
 * read, by mailbox, UIDVALIDITY and UID, so each is processed once across restarts and instances;
 * the messages Desk could not read, kept whole; the files that came with tickets and comments,
 * stored in the database so they are transactional and in the backups; and the addresses on a
 * ticket besides its requester.
 */
export const sql = `
CREATE TABLE mailboxes (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  address TEXT NOT NULL,
  host TEXT NOT NULL,
  port INTEGER NOT NULL,
  username TEXT NOT NULL,
  secret TEXT NOT NULL,
  processed_folder TEXT NOT NULL,
  unknown_senders TEXT NOT NULL,
  max_message_bytes INTEGER NOT NULL,
  max_file_bytes INTEGER NOT NULL,
  uid_validity TEXT,
  last_uid INTEGER NOT NULL,
  last_checked_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, address)
) STRICT;

CREATE TABLE mail_receipts (
  mailbox_id TEXT NOT NULL,
  uid_validity TEXT NOT NULL,
  uid INTEGER NOT NULL,
  tenant_id TEXT NOT NULL,
  message_id TEXT,
  outcome TEXT NOT NULL,
  ticket_id TEXT,
  received_at TEXT NOT NULL,
  PRIMARY KEY (mailbox_id, uid_validity, uid)
) STRICT;
CREATE INDEX mail_receipts_message ON mail_receipts (tenant_id, message_id);

CREATE TABLE unreadable_mail (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  mailbox_id TEXT NOT NULL,
  uid_validity TEXT NOT NULL,
  uid INTEGER NOT NULL,
  reason TEXT NOT NULL,
  raw BLOB NOT NULL,
  size INTEGER NOT NULL,
  received_at TEXT NOT NULL
) STRICT;
CREATE INDEX unreadable_mail_tenant ON unreadable_mail (tenant_id, received_at);

CREATE TABLE ticket_attachments (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  ticket_id TEXT NOT NULL,
  comment_id TEXT,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  content BLOB NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX ticket_attachments_ticket ON ticket_attachments (tenant_id, ticket_id, created_at);

CREATE TABLE ticket_addresses (
  tenant_id TEXT NOT NULL,
  ticket_id TEXT NOT NULL,
  address TEXT NOT NULL,
  PRIMARY KEY (tenant_id, ticket_id, address)
) STRICT;
`;
