/**
 * The form of a person, for adding one and for correcting one. The server judges each field
 * (ui/record-form.tsx).
 */
import { useState } from 'preact/hooks';
import type { Person, PersonFields, PersonKind } from '../../api/people.js';
import { SelectField, TextField } from '../../ui/field.js';
import { useSubmit } from '../../ui/form.js';
import { orNull, RecordForm, typed } from '../../ui/record-form.js';
import './people.css';

export function PersonForm(props: {
  readonly person?: Person;
  readonly submitLabel: string;
  readonly cancelHref: string;
  readonly save: (fields: PersonFields) => Promise<unknown>;
}) {
  const p = props.person;
  const [name, setName] = useState(p?.name ?? '');
  const [email, setEmail] = useState(p?.email ?? '');
  const [kind, setKind] = useState<PersonKind>(p?.kind ?? 'PUPIL');
  const [userGroup, setUserGroup] = useState(p?.userGroup ?? '');
  const [externalId, setExternalId] = useState(p?.externalId ?? '');
  const form = useSubmit(() =>
    props.save({
      name: name.trim(),
      email: orNull(email),
      kind,
      userGroup: orNull(userGroup),
      externalId: orNull(externalId),
    }),
  );
  return (
    <RecordForm form={form} submitLabel={props.submitLabel} cancelHref={props.cancelHref}>
      <TextField label="Name" value={name} onInput={typed(setName)} error={form.error('name')} autocomplete="off" />
      <TextField
        label="E-mail"
        type="email"
        value={email}
        onInput={typed(setEmail)}
        error={form.error('email')}
        autocomplete="off"
        hint="Optional. Family and department addresses may be shared."
      />
      <SelectField
        label="Kind"
        value={kind}
        onChange={(e: Event) => setKind((e.currentTarget as HTMLSelectElement).value as PersonKind)}
        error={form.error('kind')}
        choices={[
          { value: 'PUPIL', label: 'Pupil' },
          { value: 'STAFF', label: 'Staff' },
        ]}
      />
      <TextField
        label="Class or department"
        value={userGroup}
        onInput={typed(setUserGroup)}
        error={form.error('userGroup')}
        autocomplete="off"
        hint="A class for pupils (7B), a department for staff. Optional."
      />
      <TextField
        label="External id"
        value={externalId}
        onInput={typed(setExternalId)}
        error={form.error('externalId')}
        autocomplete="off"
        hint="The id in the school's MIS or directory, unique in the school. Optional."
      />
    </RecordForm>
  );
}
