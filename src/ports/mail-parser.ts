/**
 * A received message as the help desk reads it (issue 30, point 2): who sent it, what it answers,
 * its words and its files, and the headers that say whether anyone may answer it (RFC 3834).
 */
export interface MailAttachment {
  /** The file name as sent, or null (the domain names it). */
  readonly name: string | null;
  readonly contentType: string;
  readonly content: Buffer;
}

export interface ParsedMail {
  readonly from: { readonly address: string; readonly name: string | null };
  readonly cc: readonly string[];
  readonly subject: string;
  readonly messageId: string | null;
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
  /** The text part, or the HTML part as text. */
  readonly text: string;
  /** The HTML part as sent (unsafe: only ever shown through the HtmlSanitizer), or null. */
  readonly html: string | null;
  /** A delivery report (multipart/report, RFC 6522): a bounce or a delivery notice. */
  readonly isReport: boolean;
  readonly autoSubmitted: string | null;
  readonly precedence: string | null;
  readonly listId: string | null;
  readonly autoResponseSuppress: string | null;
  /** The Return-Path as given; `''` for the empty return path `<>` of automatic mail. */
  readonly returnPath: string | null;
  readonly attachments: readonly MailAttachment[];
}

/** The message cannot be read as mail: the reason goes to the "could not read" list with the bytes. */
export class UnreadableMail extends Error {
  override readonly name = 'UnreadableMail';
}

export abstract class MailParser {
  /** Parses a whole raw message; throws UnreadableMail for what no person could read as mail. */
  abstract parse(raw: Buffer): Promise<ParsedMail>;
}
