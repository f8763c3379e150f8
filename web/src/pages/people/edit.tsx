/** Correcting a person (school administrators; archived people too: a leaver's record may need it). */
import { personProfile, updatePerson } from '../../api/people.js';
import type { PageProps } from '../../page-props.js';
import { navigate } from '../../router.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { useResource } from '../../ui/use-resource.js';
import { PersonForm } from './form.js';

export default function EditPerson({ params }: PageProps) {
  const id = params.id!;
  const href = `/people/${encodeURIComponent(id)}`;
  const found = useResource(() => personProfile(id), [id]);
  const person = found.data?.person;
  return (
    <section>
      <PageHeader title={person ? `Edit ${person.name}` : 'Edit person'} />
      {found.error ? (
        <ErrorNotice error={found.error} onRetry={found.reload} />
      ) : !person ? (
        <Loading />
      ) : (
        <PersonForm
          // A fresh form for each person loaded (its fields start from what is stored).
          key={person.id}
          person={person}
          submitLabel="Save changes"
          cancelHref={href}
          save={async (fields) => {
            await updatePerson(id, fields);
            announce('Changes saved');
            navigate(href, { replace: true });
          }}
        />
      )}
    </section>
  );
}
