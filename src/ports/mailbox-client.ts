/**
 * A school's mailbox as Desk reads it (issue 30, point 2): IMAP over TLS, its inbox by UID. The
 * domain sees UIDs, raw messages and a folder to move them to, never the protocol.
 */
export interface MailboxAccess {
  readonly host: string;
  readonly port: number;
  readonly username: string;
  readonly password: string;
}

export interface InboxMessage {
  readonly uid: number;
  readonly size: number;
}

export interface MailboxSession {
  /** The inbox's UIDVALIDITY (as text: it is a 32-bit unsigned number that JSON would round). */
  readonly uidValidity: string;
  /** Messages in the inbox with a UID above `after`, ascending, at most `limit`. */
  messagesAfter(after: number, limit: number): Promise<InboxMessage[]>;
  /** The whole raw message (RFC 5322 bytes). */
  fetch(uid: number): Promise<Buffer>;
  /** Marks these messages seen and moves them to `folder` (made when missing), in one go. Never deletes. */
  moveProcessed(uids: readonly number[], folder: string): Promise<void>;
  /** The mailbox's folders, for a test of the settings. */
  folders(): Promise<string[]>;
  close(): Promise<void>;
}

/** The mailbox cannot be read now: the server cannot be reached, refused the login, or broke off. */
export class MailboxUnavailable extends Error {
  override readonly name = 'MailboxUnavailable';
}

export abstract class MailboxClient {
  /** Connects, signs in and opens the inbox; throws MailboxUnavailable with a reason a person can act on. */
  abstract open(access: MailboxAccess): Promise<MailboxSession>;
}
