/** Control characters (other than tab, LF, CR) are refused in free text from outside. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const hasControlCharacters = (s: string): boolean => CONTROL.test(s);

/** A lone UTF-16 surrogate is not text: no database stores it faithfully, so it is refused. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isWellFormedText = (s: string): boolean => !LONE_SURROGATE.test(s);

/**
 * The one rule every text from outside passes before it is used, whatever it is for: no control
 * characters but tab and line breaks, no lone surrogates. Postgres refuses a NUL in text outright,
 * and no database keeps a lone surrogate faithfully.
 */
export const isAcceptableText = (s: string): boolean => !hasControlCharacters(s) && isWellFormedText(s);

/**
 * Text from outside made acceptable rather than refused, where refusing is no answer (a received
 * e-mail is kept whatever it holds): control characters but tab and line breaks removed, line breaks
 * as LF, a lone surrogate as U+FFFD.
 */
export const cleanText = (s: string): string =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(new RegExp(CONTROL.source, 'g'), '')
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');

