/** An address the console has no page for, or a page the user may not open. */
import { Link } from '../../router.js';
import { PageHeader } from '../../ui/page.js';

export default function NotFound(props: { forbidden?: boolean }) {
  return (
    <section>
      <PageHeader title={props.forbidden ? 'Not available to you' : 'Page not found'} />
      <p>
        {props.forbidden
          ? 'Your role does not include this page, or its module is off for your school.'
          : 'There is no page at this address.'}
      </p>
      <p>
        <Link href="/">Go to Home</Link>
      </p>
    </section>
  );
}
