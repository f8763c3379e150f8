/**
 * A pupil's guardians and this school year's acceptable-use agreement, on the person page. Holders
 * of person.manage edit the guardians in one form (every row sent, in order: the server replaces them
 * whole) and record an agreement; the server judges each field and names it, here beside it.
 */
import { useState } from 'preact/hooks';
import { recordAgreement, setGuardians, type GuardianFields, type PersonProfile } from '../../api/people.js';
import { formatDate, formatInstant, todayInSchool } from '../../format.js';
import { can } from '../../state/session.js';
import { TextField } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { announce } from '../../ui/notices.js';
import { orNull, typed } from '../../ui/record-form.js';
import { DataTable } from '../../ui/table.js';

type Guardian = PersonProfile['guardians'][number];
/** One row of the form, as typed (the directory's id of a guardian from it kept as it was). */
type Row = Record<'name' | 'email' | 'phone' | 'relationship', string> & Pick<Guardian, 'externalId'>;

const rowOf = (g: Guardian): Row => ({
  name: g.name,
  email: g.email ?? '',
  phone: g.phone ?? '',
  relationship: g.relationship,
  externalId: g.externalId,
});
const blankRow = (): Row => ({ name: '', email: '', phone: '', relationship: '', externalId: null });

/** At most this many, as the server takes (domain/people/guardian.ts). */
const MAX_GUARDIANS = 6;

export function Guardians(props: {
  personId: string;
  name: string;
  guardians: readonly Guardian[];
  saved: () => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <h2>Guardians</h2>
      {editing ? (
        <GuardianForm
          {...props}
          done={() => {
            setEditing(false);
            props.saved();
          }}
          cancel={() => setEditing(false)}
        />
      ) : (
        <>
          <DataTable
            caption={`Guardians of ${props.name}`}
            rows={[...props.guardians]}
            rowKey={(g) => `${g.name}|${g.email ?? ''}|${g.relationship}`}
            empty="No guardians are recorded."
            columns={[
              { header: 'Name', cell: (g) => g.name },
              { header: 'Relationship', cell: (g) => g.relationship },
              { header: 'E-mail', cell: (g) => (g.email ? <a href={`mailto:${g.email}`}>{g.email}</a> : '—') },
              { header: 'Telephone', cell: (g) => g.phone ?? '—' },
            ]}
          />
          {can('person.manage') && (
            <div class="form-buttons">
              <button type="button" onClick={() => setEditing(true)}>
                Edit guardians
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}

function GuardianForm(props: {
  personId: string;
  guardians: readonly Guardian[];
  done: () => void;
  cancel: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => props.guardians.map(rowOf));
  const form = useSubmit(async () => {
    const guardians: GuardianFields[] = rows.map((r) => ({
      name: r.name.trim(),
      email: orNull(r.email),
      phone: orNull(r.phone),
      ...(r.relationship.trim() ? { relationship: r.relationship.trim() } : {}),
      externalId: r.externalId,
    }));
    await setGuardians(props.personId, guardians);
    announce('Guardians saved');
    props.done();
  });
  const change = (i: number, key: keyof Row) =>
    typed((v) => {
      form.reset();
      setRows((all) => all.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
    });
  return (
    <form class="record-form" onSubmit={form.submit} noValidate>
      {rows.map((r, i) => (
        <fieldset key={i} class="guardian-row">
          <legend>Guardian {i + 1}</legend>
          <TextField
            label="Name"
            value={r.name}
            onInput={change(i, 'name')}
            error={form.error(`guardians/${i}/name`)}
          />
          <TextField
            label="Relationship"
            value={r.relationship}
            onInput={change(i, 'relationship')}
            hint="Mother, father, carer… (guardian when left blank)"
            error={form.error(`guardians/${i}/relationship`)}
          />
          <TextField
            label="E-mail"
            type="email"
            value={r.email}
            onInput={change(i, 'email')}
            hint="Reminders of an overdue loan go to it. Optional."
            error={form.error(`guardians/${i}/email`)}
          />
          <TextField
            label="Telephone"
            type="tel"
            value={r.phone}
            onInput={change(i, 'phone')}
            error={form.error(`guardians/${i}/phone`)}
          />
          <button type="button" onClick={() => setRows((all) => all.filter((_, j) => j !== i))}>
            Remove guardian {i + 1}
          </button>
        </fieldset>
      ))}
      {rows.length === 0 && <p>No guardians: saving removes them all.</p>}
      <FormProblem form={form} />
      <div class="form-buttons">
        <button
          type="button"
          disabled={rows.length >= MAX_GUARDIANS}
          onClick={() => setRows((all) => [...all, blankRow()])}
        >
          Add a guardian
        </button>
        <button type="submit" class="primary" disabled={form.busy}>
          Save guardians
        </button>
        <button type="button" onClick={props.cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function Agreement(props: { personId: string; agreement: PersonProfile['agreement']; saved: () => void }) {
  const a = props.agreement;
  const [signedAt, setSignedAt] = useState(todayInSchool);
  const [signedBy, setSignedBy] = useState('');
  const form = useSubmit(async () => {
    await recordAgreement(props.personId, { signedAt, signedBy: signedBy.trim() });
    announce('Agreement recorded');
    setSignedBy('');
    props.saved();
  });
  return (
    <>
      <h2>Acceptable-use agreement</h2>
      <p>
        {a
          ? `Signed on ${formatDate(a.signedAt)} by ${a.signedBy} for the school year ${a.schoolYear} (recorded ${formatInstant(a.recordedAt)}).`
          : 'No agreement is on file for this school year.'}
      </p>
      {can('person.manage') && (
        <form class="record-form" onSubmit={form.submit} noValidate aria-label="Record agreement">
          <TextField
            label="Signed on"
            type="date"
            value={signedAt}
            max={todayInSchool()}
            onInput={typed((v) => (form.reset(), setSignedAt(v)))}
            hint="It counts for the school year this day falls in."
            error={form.error('signedAt')}
          />
          <TextField
            label="Signed by"
            value={signedBy}
            onInput={typed((v) => (form.reset(), setSignedBy(v)))}
            hint="The guardian who signed, or the pupil."
            error={form.error('signedBy')}
          />
          <FormProblem form={form} />
          <div class="form-buttons">
            <button type="submit" class="primary" disabled={form.busy}>
              Record agreement
            </button>
          </div>
        </form>
      )}
    </>
  );
}
