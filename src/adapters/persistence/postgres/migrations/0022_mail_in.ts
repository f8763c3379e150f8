/**
 * Mail in (issue 30, point 2): a school's mailboxes (the password sealed), a receipt per message
 * read, by mailbox, UIDVALIDITY and UID, so each is processed once across restarts and instances;
 * the messages Desk could not read, kept whole; the files that came with tickets and comments,
 * stored in the database so they are transactional and in the backups; and the addresses on a
 * ticket besides its requester.
 */
export const sql = `
CREATE TABLE mailboxes (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  address text NOT NULL,
  host text NOT NULL,
  port integer NOT NULL,
  username text NOT NULL,
  secret text NOT NULL,
  processed_folder text NOT NULL,
  unknown_senders text NOT NULL,
  max_message_bytes integer NOT NULL,
  max_file_bytes integer NOT NULL,
  uid_validity text,
  last_uid integer NOT NULL,
  last_checked_at text COLLATE "C",
  last_error text,
  created_at text COLLATE "C" NOT NULL,
  UNIQUE (tenant_id, address)
);

CREATE TABLE mail_receipts (
  mailbox_id text NOT NULL,
  uid_validity text NOT NULL,
  uid integer NOT NULL,
  tenant_id text NOT NULL,
  message_id text,
  outcome text NOT NULL,
  ticket_id text,
  received_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (mailbox_id, uid_validity, uid)
);
CREATE INDEX mail_receipts_message ON mail_receipts (tenant_id, message_id);

CREATE TABLE unreadable_mail (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  mailbox_id text NOT NULL,
  uid_validity text NOT NULL,
  uid integer NOT NULL,
  reason text NOT NULL,
  raw bytea NOT NULL,
  size integer NOT NULL,
  received_at text COLLATE "C" NOT NULL
);
CREATE INDEX unreadable_mail_tenant ON unreadable_mail (tenant_id, received_at);

CREATE TABLE ticket_attachments (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  ticket_id text NOT NULL,
  comment_id text,
  name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  content bytea NOT NULL,
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX ticket_attachments_ticket ON ticket_attachments (tenant_id, ticket_id, created_at);

CREATE TABLE ticket_addresses (
  tenant_id text NOT NULL,
  ticket_id text NOT NULL,
  address text NOT NULL,
  PRIMARY KEY (tenant_id, ticket_id, address)
);
`;
