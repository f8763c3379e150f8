/** Paging through a list's `total`, with the page in the address (`?page=`). */
import { formatCount } from '../format.js';
import { setQuery } from '../router.js';

export function Pager(props: { total: number; page: number; pageSize: number; label?: string }) {
  const { total, page, pageSize } = props;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav class="pager" aria-label={props.label ?? 'Pages'}>
      <p>
        {total === 0 ? 'Nothing' : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
        {pages > 1 && ` · page ${formatCount(page)} of ${formatCount(pages)}`}
      </p>
      <div class="pager-buttons">
        <button type="button" disabled={page <= 1} onClick={() => setQuery({ page: page - 1 })}>
          Previous page
        </button>
        <button type="button" disabled={page >= pages} onClick={() => setQuery({ page: page + 1 })}>
          Next page
        </button>
      </div>
    </nav>
  );
}
