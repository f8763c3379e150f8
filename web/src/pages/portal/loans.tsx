/**
 * My loans (`/portal/loans`): the loaners the person has now, soonest due first, each with the day
 * it is due back (an overdue one says so in words, not only in colour), and their bookings to come.
 */
import { myLoans } from '../../api/portal.js';
import { formatDate, formatInstant } from '../../format.js';
import { Link } from '../../router.js';
import { portalMe } from '../../state/portal.js';
import { Empty, ErrorNotice, Loading } from '../../ui/page.js';
import { useResource } from '../../ui/use-resource.js';
import { kindName } from '../../words.js';
import { PortalHeader } from './parts.js';

export default function MyLoans() {
  const found = useResource(myLoans, []);
  const data = found.data;
  const repairs = portalMe.value?.offers.repairs ?? false;
  return (
    <section>
      <PortalHeader title="My loans" />
      {found.error !== undefined && <ErrorNotice error={found.error} onRetry={found.reload} />}
      {!data && found.error === undefined && <Loading />}
      {data && (
        <>
          <section aria-labelledby="portal-loans-heading">
            <h2 id="portal-loans-heading">What you have now</h2>
            {data.loans.length === 0 ? (
              <Empty>You have nothing on loan from the school.</Empty>
            ) : (
              <ul class="portal-cards" aria-label="Your loaners, soonest due first">
                {data.loans.map((l) => (
                  <li key={l.number} class={l.overdue ? 'portal-card portal-card-overdue' : 'portal-card'}>
                    <h3 class="portal-card-title">
                      {kindName(l.kind)} loaner #{l.number}
                    </h3>
                    <p class="portal-card-facts">
                      <span>Serial {l.serial}</span>
                      <span>From {l.groupName}</span>
                      {l.issuedAt && <span class="portal-muted">Since {formatInstant(l.issuedAt)}</span>}
                    </p>
                    <p class="portal-due">
                      {l.overdue ? (
                        <>
                          <span class="badge badge-danger">Overdue</span> It was due back on {formatDate(l.dueDate)}.
                          Please bring it back.
                        </>
                      ) : l.dueDate ? (
                        <>Due back on {formatDate(l.dueDate)}</>
                      ) : (
                        <>No date to bring it back</>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {repairs && data.loans.length > 0 && (
              <p>
                Something wrong with a loaner? <Link href="/portal/device-problem">Report a device problem</Link>.
              </p>
            )}
          </section>
          <section aria-labelledby="portal-bookings-heading">
            <h2 id="portal-bookings-heading">Your bookings</h2>
            {data.bookings.length === 0 ? (
              <Empty>No bookings coming up.</Empty>
            ) : (
              <ul class="portal-cards" aria-label="Your bookings to come">
                {data.bookings.map((b) => (
                  <li key={b.id} class="portal-card">
                    <h3 class="portal-card-title">
                      {b.quantity} from {b.groupName}
                    </h3>
                    <p class="portal-card-facts">
                      <span>
                        From <time dateTime={b.from}>{formatInstant(b.from)}</time> until{' '}
                        <time dateTime={b.to}>{formatInstant(b.to)}</time>
                      </span>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
