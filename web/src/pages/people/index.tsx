/**
 * People: the school's pupils and staff, searched by name, e-mail or external id, filtered by kind,
 * class or department and whether archived people are included; every filter and the page live in
 * the address. School administrators add people from here.
 */
import { listPeople, PERSON_KIND_LABELS, type PersonKind } from '../../api/people.js';
import { Link } from '../../router.js';
import { can } from '../../state/session.js';
import { FilterBar, filterValues, PagedTable, type Filter } from '../../ui/list-page.js';
import { PageHeader } from '../../ui/page.js';
import { currentPage } from '../../ui/search.js';
import { useLiveReload } from '../../ui/use-live-reload.js';
import { useResource } from '../../ui/use-resource.js';
import './people.css';

const PAGE_SIZE = 50;

const FILTERS: readonly Filter[] = [
  { kind: 'search', label: 'Search people', placeholder: 'Name, e-mail or external id' },
  {
    kind: 'choice',
    param: 'kind',
    label: 'Kind',
    choices: [
      { value: '', label: 'Pupils and staff' },
      { value: 'PUPIL', label: 'Pupils' },
      { value: 'STAFF', label: 'Staff' },
    ],
  },
  { kind: 'text', param: 'userGroup', label: 'Class or department' },
  { kind: 'check', param: 'includeArchived', label: 'Include archived people' },
];

export default function PeopleList() {
  const { q, kind, userGroup, includeArchived } = filterValues(FILTERS);
  const page = currentPage();
  const list = useResource(
    () =>
      listPeople({
        q,
        kind: (kind || undefined) as PersonKind | undefined,
        userGroup,
        includeArchived: includeArchived === 'true' || undefined,
        page,
        pageSize: PAGE_SIZE,
      }),
    [q, kind, userGroup, includeArchived, page],
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
      <FilterBar filters={FILTERS} />
      <PagedTable
        list={list}
        rows={(d) => d.people}
        noun={['person', 'people']}
        caption="People"
        page={page}
        pageSize={PAGE_SIZE}
        rowKey={(p) => p.id}
        // Archived people included or not, an empty school has nobody yet.
        empty={
          q || kind || userGroup
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
    </section>
  );
}
