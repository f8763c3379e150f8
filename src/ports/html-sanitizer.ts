/**
 * HTML from outside (a message's HTML part) made safe to show in Desk's pages: only formatting,
 * lists, tables and links (http, https, mailto) are kept; scripts, styles, forms, frames, event
 * handlers and every image are taken out, so nothing runs and nothing is fetched from elsewhere
 * (a remote image is how a sender learns the mail was read). What is left is well-formed.
 */
export abstract class HtmlSanitizer {
  /** The safe HTML, and how many images were left out; an empty result is `''`. */
  abstract sanitize(html: string): { readonly html: string; readonly imagesLeftOut: number };
}
