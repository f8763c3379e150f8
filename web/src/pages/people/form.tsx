/**
 * The form of a person, for adding one and for correcting one. The server judges each field
 * (ui/record-form.tsx).
 */
import type { Person, PersonFields, PersonKind } from '../../api/people.js';
import { useSubmit } from '../../ui/form.js';
import { orNull, RecordFields, RecordForm, useRecordValues, type RecordField } from '../../ui/record-form.js';
import './people.css';

type Key = 'name' | 'email' | 'kind' | 'userGroup' | 'externalId';

const FIELDS: readonly RecordField<Key>[] = [
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'E-mail', type: 'email', hint: 'Optional. Family and department addresses may be shared.' },
  {
    name: 'kind',
    label: 'Kind',
    choices: [
      { value: 'PUPIL', label: 'Pupil' },
      { value: 'STAFF', label: 'Staff' },
    ],
  },
  {
    name: 'userGroup',
    label: 'Class or department',
    hint: 'A class for pupils (7B), a department for staff. Optional.',
  },
  {
    name: 'externalId',
    label: 'External id',
    hint: "The id in the school's MIS or directory, unique in the school. Optional.",
  },
];

export function PersonForm(props: {
  readonly person?: Person;
  readonly submitLabel: string;
  readonly cancelHref: string;
  readonly save: (fields: PersonFields) => Promise<unknown>;
}) {
  const p = props.person;
  const [values, set] = useRecordValues<Key>({
    name: p?.name ?? '',
    email: p?.email ?? '',
    kind: p?.kind ?? 'PUPIL',
    userGroup: p?.userGroup ?? '',
    externalId: p?.externalId ?? '',
  });
  const form = useSubmit(() =>
    props.save({
      name: values.name.trim(),
      email: orNull(values.email),
      kind: values.kind as PersonKind,
      userGroup: orNull(values.userGroup),
      externalId: orNull(values.externalId),
    }),
  );
  return (
    <RecordForm form={form} submitLabel={props.submitLabel} cancelHref={props.cancelHref}>
      <RecordFields fields={FIELDS} values={values} set={set} form={form} />
    </RecordForm>
  );
}
