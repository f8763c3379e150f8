/**
 * Asking before a change: `await confirm({...})` opens a modal `<dialog>` (focus moves into it, Escape
 * cancels, focus returns after) and resolves true only when the user confirms.
 */
import { signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';

interface Question {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly danger?: boolean;
  readonly answer: (yes: boolean) => void;
}

const asked = signal<Question | null>(null);

export function confirm(q: {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    asked.value?.answer(false);
    asked.value = { ...q, answer: resolve };
  });
}

/** Rendered once, by the app. */
export function ConfirmHost() {
  const dialog = useRef<HTMLDialogElement>(null);
  const q = asked.value;
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (q && !d.open) d.showModal();
    if (!q && d.open) d.close();
  }, [q]);
  const answer = (yes: boolean) => {
    const current = asked.value;
    asked.value = null;
    current?.answer(yes);
  };
  return (
    <dialog ref={dialog} class="confirm" aria-labelledby="confirm-title" onClose={() => asked.value && answer(false)}>
      {q && (
        <form method="dialog" onSubmit={(e) => (e.preventDefault(), answer(true))}>
          <h2 id="confirm-title">{q.title}</h2>
          <p>{q.message}</p>
          <div class="dialog-buttons">
            <button type="button" onClick={() => answer(false)}>
              Cancel
            </button>
            <button type="submit" class={q.danger ? 'danger' : 'primary'} autofocus>
              {q.confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
