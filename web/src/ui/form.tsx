/**
 * Sending a form: `const form = useSubmit(async () => api.post(...))` gives `form.submit` (for
 * `onSubmit`), `form.busy`, the server's message for each field (`form.error('email')`, by the JSON
 * pointer the server named, without its leading slash) and the message for the form as a whole when
 * no field was named. A form shows the server's words beside the field they are about.
 */
import { useState } from 'preact/hooks';
import { ApiError, messageOf } from '../api/client.js';

export interface Submission {
  readonly busy: boolean;
  /** The message for the form as a whole (a conflict, a refusal), or undefined. */
  readonly problem: string | undefined;
  /** The server's message for one field, by pointer without its leading slash. */
  error(field: string): string | undefined;
  submit(e?: Event): Promise<void>;
  /** Forgets the messages (the user changed the form). */
  reset(): void;
}

export function useSubmit(send: () => Promise<unknown>): Submission {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(undefined);
  const fields = failure instanceof ApiError ? failure.fields : new Map<string, string>();
  return {
    busy,
    problem:
      failure === undefined
        ? undefined
        : fields.size > 0
          ? 'Some fields need attention: see the messages beside them.'
          : messageOf(failure),
    error: (field) => fields.get(field),
    async submit(e) {
      e?.preventDefault();
      if (busy) return;
      setBusy(true);
      setFailure(undefined);
      try {
        await send();
      } catch (error) {
        setFailure(error);
        // Take the keyboard to the first field the server named, so the message is read out.
        queueMicrotask(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      } finally {
        setBusy(false);
      }
    },
    reset: () => setFailure(undefined),
  };
}

/**
 * The form's message as a whole (a conflict, a refusal, "see the fields"), read out when it appears.
 * One look everywhere: a notice above the buttons; a field's own message stays beside the field.
 */
export function FormProblem(props: { form: Submission }) {
  return props.form.problem ? (
    <p class="notice notice-error" role="alert">
      {props.form.problem}
    </p>
  ) : null;
}
