import type { ParsedMail } from '../../../ports/mail-parser.js';
import { cleanText } from '../../shared/text.js';

/**
 * The rules of mail in that need no database (issue 30, point 2): whether anyone may answer a message
 * automatically, the ticket token of a subject, text fit to keep, and a safe name for a file.
 */

/**
 * Whether an automatic answer (an acknowledgement, a refusal) may go to this message's sender. Never
 * to mail that says it is automatic (`Auto-Submitted` other than `no`, RFC 3834), bulk or a list's
 * (`Precedence: bulk|list|junk`, `List-Id`), that asks for none (`X-Auto-Response-Suppress`), that
 * has the empty return path of automatic mail, that is a delivery report, or that comes from Desk's
 * own address: so two auto-responders never answer each other.
 */
export function mayAnswer(mail: ParsedMail, ownAddresses: readonly string[]): boolean {
  if (mail.autoSubmitted !== null && mail.autoSubmitted.split(';')[0]!.trim() !== 'no') return false;
  if (mail.precedence !== null && ['bulk', 'list', 'junk'].includes(mail.precedence)) return false;
  if (mail.listId !== null) return false;
  if (mail.autoResponseSuppress !== null) return false;
  if (mail.returnPath === '') return false;
  if (mail.isReport) return false;
  return !ownAddresses.includes(mail.from.address);
}

/** The ticket number a subject carries as `[#1234]`, or null. */
export function ticketNumberIn(subject: string): number | null {
  const m = /\[#(\d{1,9})\]/.exec(subject);
  return m ? Number(m[1]) : null;
}

/** Text as Desk keeps it (a subject or name with a CR LF in it is header injection waiting for the next mail). */
export const textOf = cleanText;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'message/rfc822': 'eml',
};

/**
 * A file name safe to store and to offer for download: the last part of what was sent (no folders,
 * so `../../etc/passwd` is `passwd`), no control or reserved characters, at most 120 characters,
 * and a name made of its type when none is left.
 */
export function fileName(sent: string | null, contentType: string, index: number): string {
  const base = textOf(sent ?? '')
    .replace(/\n/g, ' ')
    .split(/[\\/]/)
    .pop()!
    .replace(/["<>:|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  const cut = base.length > 120 ? base.slice(0, 60) + '…' + base.slice(-59) : base;
  return cut || `attachment-${index + 1}.${EXTENSIONS[contentType] ?? 'bin'}`;
}
