import { MailParser, UnreadableMail, type MailAttachment, type ParsedMail } from '../../ports/mail-parser.js';

/** A header's value as text (mailparser gives structured values for some). */
const headerText = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'object' && 'value' in (value as object))
    return String((value as { value: unknown }).value).trim();
  if (typeof value === 'object' && 'text' in (value as object)) return String((value as { text: unknown }).text).trim();
  return String(value).trim();
};

const ids = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : [])
    .map((s) => s.trim())
    .filter((s) => /^<[^<>\s]+>$/.test(s));

const addresses = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a: { value?: { address?: string }[] }) =>
    (a.value ?? []).map((v) => v.address?.toLowerCase() ?? '').filter(Boolean),
  );
};

/**
 * MIME (RFC 2045 and after) through mailparser, the nodemailer project's parser: every charset
 * iconv-lite knows, encoded words in headers, nested multiparts, attachments, and the HTML part as
 * text when there is no text part (mailparser's html-to-text); the HTML part is handed on as sent,
 * for the domain to keep only through the HtmlSanitizer. A message with no sender address is unreadable: nobody could be answered or named.
 */
export class MimeMailParser extends MailParser {
  async parse(raw: Buffer): Promise<ParsedMail> {
    const { simpleParser } = await import('mailparser');
    let mail;
    try {
      mail = await simpleParser(raw, { skipHtmlToText: false, skipTextToHtml: true, skipImageLinks: true });
    } catch (error) {
      throw new UnreadableMail(`the message's MIME structure cannot be read (${(error as Error).message})`);
    }
    const from = mail.from?.value.find((v) => v.address && /^[^@\s]+@[^@\s]+$/.test(v.address));
    if (!from?.address) throw new UnreadableMail('the message names no sender address (From)');
    const h = mail.headers;
    const contentType = headerText(h.get('content-type'));
    // mailparser gives Return-Path as an address list (empty for `<>`), and folds List-* into `list`.
    const rp = h.get('return-path') as { value?: { address?: string }[] } | string | undefined;
    const returnPath =
      rp === undefined ? null : typeof rp === 'string' ? rp.replace(/[<>\s]/g, '') : (rp.value?.[0]?.address ?? '');
    const list = h.get('list') as { id?: { id?: string; name?: string } } | undefined;
    const listId = list?.id ? (list.id.id ?? list.id.name ?? 'list') : headerText(h.get('list-id'));
    const attachments: MailAttachment[] = mail.attachments
      // A delivery report's machine parts are not files a person sent.
      .filter(
        (a) =>
          !['message/delivery-status', 'message/disposition-notification', 'text/rfc822-headers'].includes(
            a.contentType,
          ),
      )
      .map((a) => ({
        name: a.filename ?? null,
        contentType: a.contentType || 'application/octet-stream',
        content: a.content,
      }));
    return {
      from: { address: from.address.toLowerCase(), name: from.name?.trim() || null },
      cc: addresses(mail.cc),
      subject: (mail.subject ?? '').trim(),
      messageId: mail.messageId && /^<[^<>\s]+>$/.test(mail.messageId) ? mail.messageId : null,
      inReplyTo: ids(mail.inReplyTo)[0] ?? null,
      references: ids(mail.references),
      text: (mail.text ?? '').trim(),
      html: typeof mail.html === 'string' && mail.html.trim() !== '' ? mail.html : null,
      isReport: (contentType ?? '').toLowerCase().startsWith('multipart/report'),
      autoSubmitted: headerText(h.get('auto-submitted'))?.toLowerCase() ?? null,
      precedence: headerText(h.get('precedence'))?.toLowerCase() ?? null,
      listId,
      autoResponseSuppress: headerText(h.get('x-auto-response-suppress')),
      returnPath,
      attachments,
    };
  }
}
