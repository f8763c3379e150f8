/**
 * People: the school's pupils and staff, searched by name, e-mail or external id, filtered by kind,
 * class or department and whether archived people are included; every filter and the page live in
 * the address. School administrators add people from here.
 */
import { listPeople, PERSON_KIND_LABELS, type PersonKind } from '../../api/people.js';
import { formatCount } from '../../format.js';
import { Link, query, setQuery } from '../../router.js';
import { can } from '../../state/session.js';
import { CheckboxField, TextField } from '../../ui/field.js';
import { ErrorNotice, PageHeader } from '../../ui/page.js';
import { Pager } from '../../ui/pager.js';
import { QuerySelect } from '../../ui/query-select.js';
import { currentPage, SearchBox } from '../../ui/search.js';
import { DataTable } from '../../ui/table.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import './people.css';

const PAGE_SIZE = 50;

export default function PeopleList() {
  const q = query.value;
  const filters = {
    q: q.get('q') ?? '',
    kind: q.get('kind') ?? '',
    userGroup: q.get('userGroup') ?? '',
    includeArchived: q.get('includeArchived') === 'true',
    page: currentPage(),
  };
  const list = useResource(
    () =>
      listPeople({
        q: filters.q,
        kind: (filters.kind || undefined) as PersonKind | undefined,
        userGroup: filters.userGroup,
        includeArchived: filters.includeArchived || undefined,
        page: filters.page,
        pageSize: PAGE_SIZE,
      }),
    [filters.q, filters.kind, filters.userGroup, filters.includeArchived, filters.page],
  );
  useLiveReload(['person.created', 'person.updated', 'person.archived', 'import.completed'], list.reload);

  return (
    <section class="records-page">
      <PageHeader title="People">
        {can('person.manage') && (
          <Link href="/people/new" class="button primary">
            New person
          </Link>
        )}
      </PageHeader>
      <div class="filters">
        <SearchBox label="Search people" placeholder="Name, e-mail or external id" />
        <QuerySelect
          label="Kind"
          param="kind"
          value={filters.kind}
          choices={[
            { value: '', label: 'Pupils and staff' },
            { value: 'PUPIL', label: 'Pupils' },
            { value: 'STAFF', label: 'Staff' },
          ]}
        />
        <TextField
          label="Class or department"
          // Keyed by the address, so Back and Forward show what it now says.
          key={filters.userGroup}
          defaultValue={filters.userGroup}
          autocomplete="off"
          onChange={(e: Event) => setQuery({ userGroup: (e.currentTarget as HTMLInputElement).value.trim() })}
        />
        <CheckboxField
          label="Include archived people"
          checked={filters.includeArchived}
          onChange={(e: Event) =>
            setQuery({ includeArchived: (e.currentTarget as HTMLInputElement).checked ? 'true' : null })
          }
        />
      </div>
      {list.error ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {list.data && (
        <p class="list-count" role="status">
          {list.data.total === 1 ? '1 person' : `${formatCount(list.data.total)} people`}
        </p>
      )}
      <DataTable
        caption="People"
        rows={list.error && !list.data ? [] : list.data?.people}
        rowKey={(p) => p.id}
        busy={list.loading && list.data !== undefined}
        empty={
          filters.q || filters.kind || filters.userGroup
            ? 'Nobody matches these filters.'
            : 'No people yet: add them here or import them as a CSV file.'
        }
        columns={[
          {
            header: 'Name',
            cell: (p) => (
              <>
                <Link href={`/people/${encodeURIComponent(p.id)}`}>{p.name}</Link>
                {p.archivedAt && <span class="badge badge-after">Archived</span>}
              </>
            ),
          },
          { header: 'Kind', cell: (p) => PERSON_KIND_LABELS[p.kind] },
          { header: 'Class or department', cell: (p) => p.userGroup ?? '—' },
          { header: 'E-mail', cell: (p) => p.email ?? '—' },
          { header: 'External id', cell: (p) => p.externalId ?? '—' },
        ]}
      />
      {list.data && list.data.total > 0 && (
        <Pager total={list.data.total} page={filters.page} pageSize={PAGE_SIZE} label="Pages of people" />
      )}
    </section>
  );
}
