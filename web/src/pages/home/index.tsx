/** Home. */
import { me } from '../../state/session.js';
import { PageHeader } from '../../ui/page.js';

export default function Home() {
  return (
    <section>
      <PageHeader title="Home" />
      <p>
        Signed in as {me.value?.user.name} ({me.value?.user.role}) at {me.value?.tenant.name}.
      </p>
    </section>
  );
}
