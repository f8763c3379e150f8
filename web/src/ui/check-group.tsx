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
  /** The heading a choice is listed under (choices of one heading together, in their first order). */
  readonly groupOf?: (value: string) => string;
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
      {groupsOf(choices, props.groupOf).map(([heading, values], i) => {
        const boxes = (
          <div class="check-grid">
            {values.map((value) => (
              <CheckboxField
                key={value}
                label={props.labelOf?.(value) ?? value}
                value={value}
                checked={chosen.has(value)}
                onChange={(e: Event) => toggle(value, (e.currentTarget as HTMLInputElement).checked)}
              />
            ))}
          </div>
        );
        return heading === null ? (
          <div key="all">{boxes}</div>
        ) : (
          <div key={heading} class="check-subgroup" role="group" aria-labelledby={`${id}-g${i}`}>
            <p class="check-subgroup-title" id={`${id}-g${i}`}>
              {heading}
            </p>
            {boxes}
          </div>
        );
      })}
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

/** The choices under their headings, in the order each heading first appears; one list without. */
function groupsOf(choices: readonly string[], groupOf?: (value: string) => string): [string | null, string[]][] {
  if (!groupOf) return [[null, [...choices]]];
  const groups = new Map<string, string[]>();
  for (const value of choices) {
    const heading = groupOf(value);
    groups.set(heading, [...(groups.get(heading) ?? []), value]);
  }
  return [...groups];
}
