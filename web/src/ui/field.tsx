/**
 * Form fields with their label and the server's message for them beside it: native elements,
 * labelled with `<label for>`, the message tied to the control (`aria-describedby`, `aria-invalid`),
 * so a screen-reader user hears what is wrong where it is wrong.
 */
import type {
  ComponentChildren,
  InputHTMLAttributes,
  PartialInputHTMLAttributes,
  PartialSelectHTMLAttributes,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'preact';

// Preact's element types narrow `role` and `type` per input type; these components take the loose
// form and hand it on as is.
type InputProps = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'label' | 'role'>;
type SelectProps = Omit<PartialSelectHTMLAttributes<HTMLSelectElement>, 'label' | 'role'>;
type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'label' | 'role'>;
import { useId } from 'preact/hooks';

interface FieldProps {
  readonly label: string;
  /** The server's (or the form's) message for this field; the field shows as invalid while set. */
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
}

function Wrap(props: FieldProps & { id: string; children: ComponentChildren }) {
  return (
    <div class={`field${props.error ? ' field-invalid' : ''}`}>
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && !props.error && (
        <p class="field-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

const described = (id: string, p: FieldProps) => (p.error ? `${id}-error` : p.hint ? `${id}-hint` : undefined);

export function TextField(props: FieldProps & InputProps) {
  const { label, error, hint, id: given, ...input } = props;
  const generated = useId();
  const id = (given as string | undefined) ?? generated;
  return (
    <Wrap label={label} error={error} hint={hint} id={id}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, props)}
        {...(input as InputHTMLAttributes<HTMLInputElement>)}
      />
    </Wrap>
  );
}

export function TextArea(props: FieldProps & TextareaProps) {
  const { label, error, hint, id: given, ...input } = props;
  const generated = useId();
  const id = (given as string | undefined) ?? generated;
  return (
    <Wrap label={label} error={error} hint={hint} id={id}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={described(id, props)} {...input} />
    </Wrap>
  );
}

export interface Choice {
  readonly value: string;
  readonly label: string;
}

export function SelectField(props: FieldProps & SelectProps & { choices: readonly Choice[] }) {
  const { label, error, hint, id: given, choices, ...select } = props;
  const generated = useId();
  const id = (given as string | undefined) ?? generated;
  return (
    <Wrap label={label} error={error} hint={hint} id={id}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, props)}
        {...(select as SelectHTMLAttributes<HTMLSelectElement>)}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
}

/** A checkbox with its label after it (the order people expect for a box). */
export function CheckboxField(props: { label: string } & InputProps) {
  const { label, id: given, ...input } = props;
  const generated = useId();
  const id = (given as string | undefined) ?? generated;
  return (
    <div class="field field-check">
      <input {...({ ...input, id, type: 'checkbox' } as unknown as InputHTMLAttributes<HTMLInputElement>)} />
      <label for={id}>{label}</label>
    </div>
  );
}
