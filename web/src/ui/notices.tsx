/**
 * What just happened, said once: a short notice on screen and the same words in a polite live region,
 * so a screen-reader user hears it too ("Loaner 12 returned").
 */
import { signal } from '@preact/signals';

interface Notice {
  readonly id: number;
  readonly text: string;
  readonly kind: 'ok' | 'error';
}

const notices = signal<readonly Notice[]>([]);
const spoken = signal('');
let next = 1;

export function announce(text: string, kind: 'ok' | 'error' = 'ok'): void {
  const notice = { id: next++, text, kind };
  notices.value = [...notices.value, notice].slice(-3);
  // A live region announces a change: clear first, so the same words twice are heard twice.
  spoken.value = '';
  queueMicrotask(() => (spoken.value = text));
  setTimeout(() => (notices.value = notices.value.filter((n) => n.id !== notice.id)), 6_000);
}

/** Rendered once, by the app. */
export function NoticeHost() {
  return (
    <>
      <div class="visually-hidden" aria-live="polite" aria-atomic="true">
        {spoken.value}
      </div>
      <div class="notices">
        {notices.value.map((n) => (
          <p key={n.id} class={`notice notice-${n.kind}`}>
            {n.text}
          </p>
        ))}
      </div>
    </>
  );
}
