/**
 * My requests (`/portal`): the person's requests to the IT team, newest first, each with its number,
 * where it stands in words and who is helping, a link to its page, and the way to start a new one.
 */
import { myRequests } from '../../api/portal.js';
import { formatInstant } from '../../format.js';
import { Link, query } from '../../router.js';
import { Empty, ErrorNotice, Loading } from '../../ui/page.js';
import { Pager } from '../../ui/pager.js';
import { useResource } from '../../ui/use-resource.js';
import { PortalHeader, RequestStatus } from './parts.js';

const PAGE_SIZE = 20;

export default function MyRequests() {
  const page = Math.max(1, Number(query.value.get('page')) || 1);
  const list = useResource(() => myRequests(page, PAGE_SIZE), [page]);
  const data = list.data;
  return (
    <section>
      <PortalHeader title="My requests">
        <Link href="/portal/requests/new" class="button primary">
          New request
        </Link>
      </PortalHeader>
      <p class="portal-intro">Something not working? Ask the IT team here, and follow what happens.</p>
      {list.error !== undefined && <ErrorNotice error={list.error} onRetry={list.reload} />}
      {!data && list.error === undefined && <Loading />}
      {data && data.tickets.length === 0 && (
        <Empty>You have not asked for help yet. When you do, your requests show here.</Empty>
      )}
      {data && data.tickets.length > 0 && (
        <ul class="portal-cards" aria-label="Your requests, newest first">
          {data.tickets.map((t) => (
            <li key={t.id} class="portal-card">
              <h2 class="portal-card-title">
                <Link href={`/portal/requests/${encodeURIComponent(t.id)}`}>
                  #{t.number} {t.subject}
                </Link>
              </h2>
              <p class="portal-card-facts">
                <RequestStatus status={t.status} />
                {t.assignee && <span>{t.assignee.name} is helping</span>}
                <span class="portal-muted">Last change {formatInstant(t.updatedAt)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > data.pageSize && (
        <Pager total={data.total} page={data.page} pageSize={data.pageSize} label="Pages of your requests" />
      )}
    </section>
  );
}
