/**
 * Moving the keyboard's focus to a page's heading when the address changes inside the app, so a
 * screen-reader user hears where they arrived (a page load starts at the top by itself, so the first
 * page shown keeps the browser's own focus). The heading takes `tabIndex={-1}`: focusable by script,
 * not a stop of its own for Tab.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { location } from '../router.js';

let shownPath = location.peek().path;
let arrived = false;

location.subscribe((l) => {
  if (l.path === shownPath) return;
  shownPath = l.path;
  arrived = true;
});

/** Focuses `heading` when its page is shown after a move inside the app (not on a page load). */
export function useArrivalFocus(heading: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (!arrived) return;
    arrived = false;
    heading.current?.focus();
  }, [heading]);
}
