import type { Context } from 'koa';

/**
 * A stored file, answered so that no browser runs or renders it in Desk's origin: always a download
 * (Content-Disposition: attachment, the name in RFC 6266's UTF-8 form), its type not sniffed, and a
 * sandbox for anything that opens it anyway.
 */
export function download(
  { attachment, content }: { attachment: { name: string; contentType: string }; content: Buffer },
  ctx: Context,
): void {
  const ascii = attachment.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  ctx.set(
    'Content-Disposition',
    `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
  );
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "sandbox; default-src 'none'");
  ctx.type = /^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType) ? attachment.contentType : 'application/octet-stream';
  ctx.body = content;
}
