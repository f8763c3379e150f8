/**
 * The pieces of a list page (people, devices, repairs, tickets...), where one list differs from another
 * only in data: the filter bar, described as a list of filters whose values live in the address, and
 * the table with its count and pager, fed by the page's `useResource`.
 */
import type { ComponentChildren } from 'preact';
import { formatCount } from '../format.js';
import { query, setQuery } from '../router.js';
import { CheckboxField, TextField, type Choice } from './field.js';
import { ErrorNotice } from './page.js';
import { Pager } from './pager.js';
import { QuerySelect } from './query-select.js';
import { SearchBox } from './search.js';
import { DataTable, type Column } from './table.js';
import type { Resource } from './use-resource.js';

/** One filter of a list, by the query parameter it sets. */
export type Filter =
  /** The free-text search (`?q=`). */
  | { readonly kind: 'search'; readonly label: string; readonly placeholder: string }
  /** One of a few values (`?status=`); the first choice, of value '', is "any". */
  | { readonly kind: 'choice'; readonly param: string; readonly label: string; readonly choices: readonly Choice[] }
  /** A typed value, set when the field is left (`?userGroup=`). */
  | { readonly kind: 'text'; readonly param: string; readonly label: string; readonly placeholder?: string }
  /** On or off (`?includeArchived=true`); `on` is the value it sets, `true` unless said. */
  | { readonly kind: 'check'; readonly param: string; readonly label: string; readonly on?: string };

/** The filters' current values, read from the address; a check filter is `on` or ''. */
export function filterValues(filters: readonly (Filter | false)[]): Record<string, string> {
  const q = query.value;
  return Object.fromEntries(
    filters.flatMap((f) => {
      if (!f) return [];
      const param = f.kind === 'search' ? 'q' : f.param;
      return [[param, q.get(param) ?? '']];
    }),
  );
}

/** Whether any of the filters narrows the list (to say "nothing matches" rather than "nothing yet"). */
export const filtering = (filters: readonly (Filter | false)[]): boolean =>
  Object.values(filterValues(filters)).some((v) => v !== '');

export function FilterBar(props: { readonly filters: readonly (Filter | false)[] }) {
  const q = query.value;
  return (
    <div class="filters">
      {props.filters.map((f) => {
        if (!f) return null;
        switch (f.kind) {
          case 'search':
            return <SearchBox key="q" label={f.label} placeholder={f.placeholder} />;
          case 'choice':
            return (
              <QuerySelect
                key={f.param}
                label={f.label}
                param={f.param}
                value={q.get(f.param) ?? ''}
                choices={f.choices}
              />
            );
          case 'text': {
            const value = q.get(f.param) ?? '';
            return (
              <TextField
                // Keyed by the address, so Back and Forward show what it now says.
                key={`${f.param}=${value}`}
                label={f.label}
                defaultValue={value}
                autocomplete="off"
                placeholder={f.placeholder}
                onChange={(e: Event) => setQuery({ [f.param]: (e.currentTarget as HTMLInputElement).value.trim() })}
              />
            );
          }
          case 'check': {
            const on = f.on ?? 'true';
            return (
              <CheckboxField
                key={f.param}
                label={f.label}
                checked={q.get(f.param) === on}
                onChange={(e: Event) =>
                  setQuery({ [f.param]: (e.currentTarget as HTMLInputElement).checked ? on : null })
                }
              />
            );
          }
        }
      })}
    </div>
  );
}

/**
 * A page of a list: its error (with a retry), how many there are, the table, and the pager (in the
 * address, `?page=`). The old rows stay, dimmed, while the next page loads.
 */
export function PagedTable<D extends { readonly total: number }, T>(props: {
  readonly list: Resource<D | undefined>;
  readonly rows: (data: D) => readonly T[];
  /** The count's words: `['device', 'devices']`; no count is shown without them. */
  readonly noun?: readonly [one: string, many: string];
  readonly caption: string;
  readonly columns: readonly Column<T>[];
  readonly rowKey: (row: T) => string | number;
  readonly empty: ComponentChildren;
  readonly page: number;
  readonly pageSize: number;
  /** A class for the table's box, for a list's own column widths. */
  readonly class?: string;
}) {
  const { list, noun } = props;
  const data = list.data;
  const table = (
    <DataTable
      caption={props.caption}
      rows={data ? props.rows(data) : list.error !== undefined ? [] : undefined}
      rowKey={props.rowKey}
      busy={list.loading && data !== undefined}
      empty={props.empty}
      columns={props.columns}
    />
  );
  return (
    <>
      {list.error !== undefined && <ErrorNotice error={list.error} onRetry={list.reload} />}
      {data && noun && (
        <p class="list-count" role="status">
          {data.total === 1 ? `1 ${noun[0]}` : `${formatCount(data.total)} ${noun[1]}`}
        </p>
      )}
      {props.class ? <div class={props.class}>{table}</div> : table}
      {data && data.total > 0 && (
        <Pager
          total={data.total}
          page={props.page}
          pageSize={props.pageSize}
          label={`Pages of ${props.caption.toLowerCase()}`}
        />
      )}
    </>
  );
}
