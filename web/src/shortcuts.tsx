/**
 * Keyboard shortcuts, listed on a sheet that `?` opens: `/` focuses the page's search, `g` then a key
 * goes to a page (from routes.ts). Keys typed into a field are the field's, never a shortcut.
 */
import { signal } from '@preact/signals';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { navigate } from './router.js';
import { ROUTES } from './routes.js';
import { pageShortcuts } from './state/page-shortcuts.js';

const sheetOpen = signal(false);

const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useShortcuts(): void {
  // A layout effect: the listener is in place in the same commit that shows the navigation, so a key
  // pressed the moment the page appears is never lost (a plain effect waits for the next frame).
  useLayoutEffect(() => {
    let pendingG = 0;
    const onKey = (e: KeyboardEvent) => {
      if (
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        typing(e.target) ||
        document.querySelector('dialog[open]:not(.shortcuts)')
      )
        return;
      if (e.key === '?') {
        e.preventDefault();
        sheetOpen.value = !sheetOpen.value;
        return;
      }
      if (e.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-search]');
        if (search) {
          e.preventDefault();
          search.focus();
          search.select();
        }
        return;
      }
      if (e.key === 'g') {
        pendingG = Date.now();
        return;
      }
      if (Date.now() - pendingG < 1_500) {
        pendingG = 0;
        const route = ROUTES.find((r) => r.shortcut === e.key && (r.allowed?.() ?? true));
        if (route) {
          e.preventDefault();
          navigate(route.path);
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The `?` sheet: a modal dialog listing every shortcut the user can use here. */
export function ShortcutSheet() {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = sheetOpen.value;
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  const goTo = ROUTES.filter((r) => r.shortcut && (r.allowed?.() ?? true));
  return (
    <dialog ref={dialog} class="shortcuts" aria-labelledby="shortcuts-title" onClose={() => (sheetOpen.value = false)}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          <tr>
            <th scope="row">
              <kbd>?</kbd>
            </th>
            <td>Show or hide this list</td>
          </tr>
          <tr>
            <th scope="row">
              <kbd>/</kbd>
            </th>
            <td>Search on this page</td>
          </tr>
          {goTo.map((r) => (
            <tr key={r.path}>
              <th scope="row">
                <kbd>g</kbd> <kbd>{r.shortcut}</kbd>
              </th>
              <td>Go to {r.title}</td>
            </tr>
          ))}
          {pageShortcuts.value.map((s) => (
            <tr key={s.keys}>
              <th scope="row">
                <kbd>{s.keys}</kbd>
              </th>
              <td>{s.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
