/**
 * The frame of a record's form (a person, a device), for adding one and for correcting one: the
 * browser's own checks off (`noValidate`: the server is the one judge, and its message for each field
 * shows beside it), the message for the form as a whole above the fields, and below them the button
 * that saves and the way back.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Link } from '../router.js';
import { SelectField, TextField, type Choice } from './field.js';
import { FormProblem, type Submission } from './form.js';

export function RecordForm(props: {
  readonly form: Submission;
  readonly submitLabel: string;
  readonly cancelHref: string;
  readonly children: ComponentChildren;
}) {
  const { form } = props;
  return (
    <form class="record-form" noValidate onSubmit={form.submit}>
      <FormProblem form={form} />
      {props.children}
      <div class="form-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Saving…' : props.submitLabel}
        </button>
        <Link href={props.cancelHref} class="button">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** What the form sends for an optional field left blank: null (none); the text trimmed otherwise. */
export const orNull = (s: string): string | null => (s.trim() === '' ? null : s.trim());

/** An `onInput` that keeps the field's text: `onInput={typed(setName)}`. */
export const typed = (set: (v: string) => void) => (e: Event) => set((e.currentTarget as HTMLInputElement).value);

/** One field of a record's form, as data: the forms of people and devices differ only in these. */
export interface RecordField<K extends string> {
  /** Its key in the form's values, and the API's field the server's message for it is about. */
  readonly name: K;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'date';
  /** A choice of a few values instead of typed text. */
  readonly choices?: readonly Choice[];
  readonly inputMode?: 'decimal';
  readonly hint?: string;
  /** The API's field when it is not `name` (a cost typed as text, sent in minor units). */
  readonly apiField?: string;
}

/** The text of every field of a record's form, and the function that changes one. */
export function useRecordValues<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const set = (name: K, value: string) => setValues((v) => ({ ...v, [name]: value }));
  return [values, set] as const;
}

/** The fields of a record's form, in order, each with the server's message beside it. */
export function RecordFields<K extends string>(props: {
  readonly fields: readonly RecordField<K>[];
  readonly values: Readonly<Record<K, string>>;
  readonly set: (name: K, value: string) => void;
  readonly form: Submission;
}) {
  return (
    <>
      {props.fields.map((f) => {
        const error = props.form.error(f.apiField ?? f.name);
        return f.choices ? (
          <SelectField
            key={f.name}
            label={f.label}
            value={props.values[f.name]}
            onChange={(e: Event) => props.set(f.name, (e.currentTarget as HTMLSelectElement).value)}
            error={error}
            hint={f.hint}
            choices={f.choices}
          />
        ) : (
          <TextField
            key={f.name}
            label={f.label}
            type={f.type ?? 'text'}
            inputMode={f.inputMode}
            value={props.values[f.name]}
            onInput={typed((v) => props.set(f.name, v))}
            error={error}
            hint={f.hint}
            autocomplete="off"
          />
        );
      })}
    </>
  );
}
