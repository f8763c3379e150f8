/** Types of imap-server.mjs: dovecot on loopback, IMAP over TLS only (see its header). */
export interface ImapUser {
  readonly user: string;
  readonly password: string;
}

export interface TestImap {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** The CA certificate (PEM) the server's certificate is signed by. */
  readonly caFile: string;
  /** The pid of dovecot's master process. */
  readonly pid: number;
  /** Delivers a raw RFC 5322 message into a user's INBOX (or another folder); its UID. */
  deliver(user: ImapUser, raw: string | Buffer, folder?: string): Promise<number>;
  /** Delivers several messages in order over one connection; their UIDs. */
  deliverMany(user: ImapUser, raws: readonly (string | Buffer)[], folder?: string): Promise<number[]>;
  /** How many messages a folder of the user holds (0 when it does not exist). */
  count(user: ImapUser, folder: string): Promise<number>;
  /** The flags of every message in a folder. */
  flags(user: ImapUser, folder: string): Promise<string[][]>;
  /** Stops dovecot and removes its directory (mail included). */
  close(): Promise<void>;
}

/** Starts dovecot for `users` (the first of which must be able to sign in); resolves once one can. */
export declare function startImap(users: readonly ImapUser[]): Promise<TestImap>;
