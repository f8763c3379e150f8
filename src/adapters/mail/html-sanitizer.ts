import sanitizeHtml from 'sanitize-html';
import { HtmlSanitizer } from '../../ports/html-sanitizer.js';

/** Longer than any help-desk message needs: past it the rest is cut (the text part stays whole). */
const MAX_HTML_CHARS = 200_000;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'blockquote',
    'pre',
    'code',
    'hr',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'a',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // What a tag the list leaves out held as text stays, except these, whose content is no text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  transformTags: {
    // A link opens apart from Desk, and tells the other site nothing about where it was found.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/** sanitize-html (the Apostrophe project's, on htmlparser2) with an allow-list kept to what mail needs. */
export class SanitizeHtmlSanitizer extends HtmlSanitizer {
  sanitize(html: string): { html: string; imagesLeftOut: number } {
    const kept = html.slice(0, MAX_HTML_CHARS);
    return { html: sanitizeHtml(kept, OPTIONS).trim(), imagesLeftOut: (kept.match(/<img\b/gi) ?? []).length };
  }
}
