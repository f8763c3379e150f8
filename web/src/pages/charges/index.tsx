/**
 * Who owes what (`/charges`, charge.manage): every person with a balance, the longest-owing first,
 * a page at a time (the page lives in the address), each linked to their page where the account is
 * kept, and the same list as a CSV for the school office.
 */
import { BALANCES_CSV, listOutstanding } from '../../api/accounts.js';
import { formatInstant, formatMoney } from '../../format.js';
import { ErrorNotice, PageHeader } from '../../ui/page.js';
import { Pager } from '../../ui/pager.js';
import { RecordLink } from '../../ui/record-link.js';
import { currentPage } from '../../ui/search.js';
import { DataTable } from '../../ui/table.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';

const PAGE_SIZE = 50;

export default function Charges() {
  const page = currentPage();
  const list = useResource(() => listOutstanding(page, PAGE_SIZE), [page]);
  useLiveReload(['charge.created', 'payment.recorded'], list.reload);
  return (
    <section>
      <PageHeader title="Balances owed">
        <a class="button" href={BALANCES_CSV} download>
          Download CSV
        </a>
      </PageHeader>
      <p>
        Pupils who owe the school for repairs or loaners, the longest-owing first. Charges, payments and waivers are
        recorded on each pupil's page.
      </p>
      {list.error ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <>
          <DataTable
            caption="Balances owed, longest-owing first"
            rows={list.data?.balances}
            rowKey={(b) => b.personId}
            busy={list.loading}
            empty="Nobody owes anything."
            columns={[
              {
                header: 'Name',
                cell: (b) => <RecordLink href={`/people/${encodeURIComponent(b.personId)}`}>{b.name}</RecordLink>,
              },
              { header: 'Class', cell: (b) => b.userGroup ?? '—' },
              { header: 'Owes', numeric: true, cell: (b) => formatMoney(b.balanceMinor) },
              { header: 'Owing since', cell: (b) => formatInstant(b.oldestChargeAt) },
            ]}
          />
          {list.data && <Pager total={list.data.total} page={page} pageSize={PAGE_SIZE} label="Balance pages" />}
        </>
      )}
    </section>
  );
}
