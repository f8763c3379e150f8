/**
 * The HTML of mail that comes in, as Desk keeps it to show (issue 30, point 2): sanitize-html with
 * the allow-list of adapters/mail/html-sanitizer.ts. Formatting, lists, tables and links stay; what
 * could run (scripts, handlers, javascript: links, frames, forms, styles) or fetch from elsewhere (every
 * image, remote or not) goes, and a link opens apart from Desk.
 */
import { describe, expect, it } from 'vitest';
import { SanitizeHtmlSanitizer } from '../../../src/adapters/mail/html-sanitizer.js';

const sanitizer = new SanitizeHtmlSanitizer();
const clean = (html: string) => sanitizer.sanitize(html).html;

describe('the HTML of mail that came in', () => {
  it('keeps formatting, lists, tables and links, and opens links apart from Desk', () => {
    expect(clean('<p>Hello <b>there</b>, <em>see</em>:</p><ul><li>one</li></ul>')).toBe(
      '<p>Hello <b>there</b>, <em>see</em>:</p><ul><li>one</li></ul>',
    );
    expect(clean('<table><tr><td colspan="2">A</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">A</td></tr></table>',
    );
    expect(clean('<a href="https://school.example/help" onclick="x()">help</a>')).toBe(
      '<a href="https://school.example/help" rel="noopener noreferrer nofollow" target="_blank">help</a>',
    );
  });

  it('takes out whatever could run, fetch, or dress itself up as Desk', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src="https://tracker.example/p.gif" onerror="alert(1)">',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="//evil.example/">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<form action="https://evil.example"><input name="password"></form>',
      '<style>body { display: none }</style>',
      '<p style="position:fixed;top:0" class="notice">Your session ended</p>',
      '<svg onload="alert(1)"><circle r="1"/></svg>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">',
    ].join('');
    const out = clean(hostile);
    for (const gone of [
      '<script',
      'alert',
      '<img',
      'tracker',
      'javascript:',
      '//evil',
      '<iframe',
      '<form',
      '<input',
      '<style',
      'style=',
      'class=',
      '<svg',
      'onload',
      '<object',
      '<embed',
      '<base',
      '<meta',
      'data:',
    ]) {
      expect(out, gone).not.toContain(gone);
    }
    expect(out).toContain('Your session ended');
    expect(sanitizer.sanitize(hostile).imagesLeftOut).toBe(2);
  });

  it('answers nothing for HTML with nothing to show', () => {
    expect(clean('<script>x</script><style>y</style>')).toBe('');
  });
});
