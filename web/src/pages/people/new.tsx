/** Adding a person (school administrators): the form, then their profile. */
import { createPerson } from '../../api/people.js';
import { navigate } from '../../router.js';
import { announce } from '../../ui/notices.js';
import { PageHeader } from '../../ui/page.js';
import { PersonForm } from './form.js';

export default function NewPerson() {
  return (
    <section>
      <PageHeader title="New person" />
      <PersonForm
        submitLabel="Add person"
        cancelHref="/people"
        save={async (fields) => {
          const { person } = await createPerson(fields);
          announce(`${person.name} added`);
          navigate(`/people/${encodeURIComponent(person.id)}`, { replace: true });
        }}
      />
    </section>
  );
}
