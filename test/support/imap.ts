/**
 * A real IMAP server on loopback for the mail-in tests: Debian's dovecot-imapd, started with a
 * throwaway configuration in a temporary directory (its own users and passwords in a passwd-file,
 * maildirs, and the tests' TLS certificate), listening for IMAP over TLS only. Tests put mail in a
 * mailbox with a real IMAP client (ImapFlow's APPEND), as a school's mail system would deliver it,
 * and read back where Desk moved it. Never an imitation of IMAP.
 *
 * The implementation is ./imap-server.mjs, plain JavaScript shared with bench/mail.mjs, so that the
 * tests and the benchmark start dovecot the same way.
 */
export { startImap, type ImapUser, type TestImap } from './imap-server.mjs';
