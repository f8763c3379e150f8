/**
 * Choosing several of a list (a key's scopes, a webhook's event kinds): a `<fieldset>` with its
 * legend, one labelled checkbox per choice in as many columns as fit, "Select all" and "Clear", and
 * the server's message for the group (or one of its items) beside it, tied to the group.
 */
import { useId } from 'preact/hooks';
import { CheckboxField } from './field.js';
import './check-group.css';

export function CheckGroup(props: {
  readonly legend: string;
  readonly choices: readonly string[];
  readonly chosen: ReadonlySet<string>;
  readonly onChange: (chosen: Set<string>) => void;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  /** How a choice reads (default: the value itself). */
  readonly labelOf?: (value: string) => string;
}) {
  const id = useId();
  const { choices, chosen, onChange } = props;
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    onChange(next);
  };
  const described = props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <fieldset class={`check-group${props.error ? ' field-invalid' : ''}`} aria-describedby={described}>
      <legend>{props.legend}</legend>
      {props.hint && !props.error && (
        <p class="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
      {choices.length > 1 && (
        <div class="check-group-tools">
          <button type="button" onClick={() => onChange(new Set(choices))}>
            Select all
          </button>
          <button type="button" onClick={() => onChange(new Set())}>
            Clear
          </button>
        </div>
      )}
      <div class="check-grid">
        {choices.map((value) => (
          <CheckboxField
            key={value}
            label={props.labelOf?.(value) ?? value}
            value={value}
            checked={chosen.has(value)}
            onChange={(e: Event) => toggle(value, (e.currentTarget as HTMLInputElement).checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The first message the server gave for a list field or any of its items (`scopes`, `scopes/2`). */
export function listError(
  error: (field: string) => string | undefined,
  name: string,
  count: number,
): string | undefined {
  const own = error(name);
  if (own) return own;
  for (let i = 0; i < count; i++) {
    const item = error(`${name}/${i}`);
    if (item) return item;
  }
  return undefined;
}
