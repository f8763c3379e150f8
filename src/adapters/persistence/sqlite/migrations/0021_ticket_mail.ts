/**
 * A ticket's e-mail (issue 30, point 3): every message Desk writes to a requester, kept with its
 * ticket: its Message-ID and the thread it answers (References as a JSON array), its recipients (a
 * JSON array), its words, and its delivery (pending, sending, sent, failed; attempts, the next one).
 * Looked up by Message-ID when a reply comes back.
 */
export const sql = `
CREATE TABLE ticket_messages (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  ticket_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  message_id TEXT NOT NULL,
  in_reply_to TEXT,
  refs TEXT NOT NULL,
  recipients TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  auto_submitted TEXT,
  comment_id TEXT,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  next_attempt_at TEXT,
  claimed_at TEXT,
  sent_at TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (message_id)
) STRICT;
CREATE INDEX ticket_messages_ticket ON ticket_messages (tenant_id, ticket_id, created_at);
CREATE INDEX ticket_messages_due ON ticket_messages (next_attempt_at) WHERE status = 'pending';
`;
