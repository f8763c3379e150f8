/**
 * A list of records as a table: a caption (read by screen readers, hidden on screen when the page
 * heading says the same), one column per field, and the empty and loading states in its place. On a
 * phone the table scrolls inside its box, which is a labelled, focusable region so a keyboard user can
 * scroll it too; the page itself never scrolls sideways.
 */
import type { ComponentChildren } from 'preact';

export interface Column<T> {
  /** The column's heading. */
  readonly header: string;
  /** What a row shows in it. */
  readonly cell: (row: T) => ComponentChildren;
  /** Right-aligned, tabular figures (counts, money). */
  readonly numeric?: boolean;
}

export function DataTable<T>(props: {
  readonly caption: string;
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[] | undefined;
  /** A row's stable key (its id). */
  readonly rowKey: (row: T) => string | number;
  /** What to say when there are no rows. */
  readonly empty: ComponentChildren;
  /** True while a newer page loads: the old rows stay, dimmed, so the table does not jump. */
  readonly busy?: boolean;
}) {
  const { caption, columns, rows, rowKey, empty, busy } = props;
  if (rows === undefined) {
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );
  }
  if (rows.length === 0) return <p class="empty">{empty}</p>;
  // The roles are spelled out: on a phone the table is shown as cards (display: block), which would
  // otherwise take its table semantics away from screen readers.
  return (
    <div class={`table-wrap${busy ? ' table-busy' : ''}`} role="region" aria-label={caption} tabIndex={0}>
      <table role="table" aria-busy={busy ? 'true' : undefined}>
        <caption class="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.header} role="columnheader" scope="col" class={c.numeric ? 'number' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((c) => (
                <td key={c.header} role="cell" class={c.numeric ? 'number' : undefined} data-label={c.header}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
