/**
 * A ticket's e-mail (issue 30, point 3): every message Desk writes to a requester, kept with its
 * ticket: its Message-ID and the thread it answers (References as a JSON array), its recipients (a
 * JSON array), its words, and its delivery (pending, sending, sent, failed; attempts, the next one).
 * Looked up by Message-ID when a reply comes back.
 */
export const sql = `
CREATE TABLE ticket_messages (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  ticket_id text NOT NULL,
  seq bigserial,
  kind text NOT NULL,
  message_id text NOT NULL,
  in_reply_to text,
  refs text NOT NULL,
  recipients text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  auto_submitted text,
  comment_id text,
  status text NOT NULL,
  attempts integer NOT NULL,
  next_attempt_at text COLLATE "C",
  claimed_at text COLLATE "C",
  sent_at text COLLATE "C",
  error text,
  created_at text COLLATE "C" NOT NULL,
  UNIQUE (message_id)
);
CREATE INDEX ticket_messages_ticket ON ticket_messages (tenant_id, ticket_id, created_at);
CREATE INDEX ticket_messages_due ON ticket_messages (next_attempt_at) WHERE status = 'pending';
`;
