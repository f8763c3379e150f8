/**
 * Copying a value the user must take away (a key, a secret, a link): `CopyButton` writes it to the
 * clipboard and says "Copied" (on screen and to screen readers); when the browser refuses the
 * clipboard (no permission, an insecure origin) it selects the text in its field instead, so Ctrl+C
 * (⌘C) copies it. `CopyField` is that field and its button together: read-only, labelled, and the
 * whole value selected when it takes focus.
 */
import { useId, useRef } from 'preact/hooks';
import { announce } from './notices.js';
import './copy.css';

/** Selects the whole value of a text field (the fallback when the clipboard is refused). */
function selectAll(field: HTMLInputElement | HTMLTextAreaElement | null): void {
  if (!field) return;
  field.focus();
  field.select();
}

export function CopyButton(props: {
  /** What is copied. */
  readonly text: string;
  /** What it is, for the button's accessible name: "Copy the key". */
  readonly what: string;
  /** The field showing the text, selected when the clipboard is refused. */
  readonly field?: () => HTMLInputElement | HTMLTextAreaElement | null;
}) {
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(props.text);
      announce('Copied');
    } catch {
      selectAll(props.field?.() ?? null);
      announce('The browser did not allow copying: the text is selected, press Ctrl+C (⌘C) to copy it', 'error');
    }
  };
  return (
    <button type="button" onClick={copy} aria-label={`Copy ${props.what}`}>
      Copy
    </button>
  );
}

/** A read-only value with its label and a Copy button; `multiline` for JSON and other long text. */
export function CopyField(props: { readonly label: string; readonly value: string; readonly multiline?: boolean }) {
  const id = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const select = (e: Event) => (e.currentTarget as HTMLInputElement).select();
  return (
    <div class="field copy-field">
      <label for={id}>{props.label}</label>
      <div class="copy-row">
        {props.multiline ? (
          <textarea
            id={id}
            ref={field}
            readOnly
            value={props.value}
            rows={Math.min(12, props.value.split('\n').length)}
            spellcheck={false}
            onFocus={select}
          />
        ) : (
          <input id={id} ref={field} readOnly value={props.value} spellcheck={false} onFocus={select} />
        )}
        <CopyButton text={props.value} what={props.label.toLowerCase()} field={() => field.current} />
      </div>
    </div>
  );
}
