/**
 * Choosing a record by searching for it (a person, a device): a search field with its label, the
 * matches as buttons below it, and the choice shown once made. Native elements only: the matches are
 * a list of buttons (Tab or the arrow keys, and Enter), their count is announced, and the chosen
 * record is said in words. Without a `value` it is a "pick to act" field (hand a device to someone):
 * each pick goes to `onChange` at once and the field empties for the next.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { messageOf } from '../api/client.js';
import './search-picker.css';

export interface Pickable {
  readonly id: string;
  /** What the choice is called (a name, a serial). */
  readonly label: string;
  /** What tells two alike apart (a class, an e-mail address, a model). */
  readonly detail?: string | undefined;
  /** Typed in whole, not chosen from the matches (a free-text picker): said so, not "Chosen". */
  readonly typed?: boolean;
}

export function SearchPicker(props: {
  readonly label: string;
  /** The matches for some text (a few: this is a picker, not a list page). */
  readonly search: (text: string) => Promise<readonly Pickable[]>;
  /** The choice held; left out, nothing is held: each pick is acted on (`onChange`) and the text cleared. */
  readonly value?: Pickable | null;
  readonly onChange: (value: Pickable | null) => void;
  readonly error?: string | undefined;
  readonly hint?: ComponentChildren;
  /** Whether the typed text itself may stand as the value (a serial nobody has registered yet). */
  readonly freeText?: boolean;
  readonly disabled?: boolean;
}) {
  const { label, search, value, onChange, error, hint, disabled } = props;
  const holds = value !== undefined;
  const id = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [matches, setMatches] = useState<readonly Pickable[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const generationRef = useRef(0);
  useEffect(() => setText(value?.label ?? ''), [value?.id, value?.label]);
  useEffect(() => () => clearTimeout(timerRef.current), []);

  const look = (typed: string) => {
    clearTimeout(timerRef.current);
    const mine = ++generationRef.current;
    if (typed.trim() === '') return setMatches(null);
    timerRef.current = setTimeout(() => {
      search(typed.trim()).then(
        (found) => {
          if (mine !== generationRef.current) return;
          setMatches(found);
          setFailure(null);
        },
        (e: unknown) => {
          if (mine === generationRef.current) setFailure(messageOf(e));
        },
      );
    }, 200);
  };
  const describedBy = [error ? `${id}-error` : hint ? `${id}-hint` : '', holds ? `${id}-chosen` : '']
    .filter(Boolean)
    .join(' ');
  const close = () => {
    setMatches(null);
    document.getElementById(id)?.focus();
  };

  return (
    <div class={`field picker${error ? ' field-invalid' : ''}`}>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="search"
        autocomplete="off"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        disabled={disabled}
        onInput={(e) => {
          const typed = e.currentTarget.value;
          setText(typed);
          if (holds)
            onChange(props.freeText && typed.trim() ? { id: typed.trim(), label: typed.trim(), typed: true } : null);
          look(typed);
        }}
        onKeyDown={(e) => {
          const first = e.currentTarget.parentElement?.querySelector<HTMLButtonElement>('.picker-matches button');
          // Down arrow moves into the matches, as people expect of a search field with suggestions;
          // Enter takes the only match, or moves into several, rather than sending the form unchosen.
          if (e.key === 'ArrowDown' && first) {
            e.preventDefault();
            first.focus();
          }
          if (e.key === 'Enter' && first && matches) {
            e.preventDefault();
            if (matches.length === 1) first.click();
            else first.focus();
          }
          if (e.key === 'Escape' && matches !== null) {
            e.preventDefault();
            setMatches(null);
          }
        }}
      />
      {hint && !error && (
        <p class="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {holds && (
        <p class="picker-chosen" id={`${id}-chosen`}>
          {value
            ? value.typed
              ? `Typed: ${value.label} (none of the matches is chosen)`
              : `Chosen: ${value.label}${value.detail ? ` (${value.detail})` : ''}`
            : 'Nothing chosen yet.'}
        </p>
      )}
      <p class="visually-hidden" aria-live="polite">
        {failure ?? (matches === null ? '' : `${matches.length} found`)}
      </p>
      {failure && <p class="field-error">{failure}</p>}
      {matches !== null && !failure && (
        <ul
          class="picker-matches"
          aria-label={`Matches for ${label}`}
          onKeyDown={(e) => {
            // Up and down move between the matches (up from the first goes back to the field); Escape
            // closes them, back in the field.
            const buttons = [...e.currentTarget.querySelectorAll('button')];
            const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const to = buttons[at + (e.key === 'ArrowDown' ? 1 : -1)];
              if (to) to.focus();
              else if (e.key === 'ArrowUp') document.getElementById(id)?.focus();
            }
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
            }
          }}
        >
          {matches.length === 0 && <li class="empty">Nothing found.</li>}
          {matches.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  onChange(m);
                  setText(holds ? m.label : '');
                  close();
                }}
              >
                {m.label}
                {m.detail && <span class="picker-detail"> · {m.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
