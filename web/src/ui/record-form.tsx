/**
 * The frame of a record's form (a person, a device), for adding one and for correcting one: the
 * browser's own checks off (`noValidate`: the server is the one judge, and its message for each field
 * shows beside it), the message for the form as a whole above the fields, and below them the button
 * that saves and the way back.
 */
import type { ComponentChildren } from 'preact';
import { Link } from '../router.js';
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
