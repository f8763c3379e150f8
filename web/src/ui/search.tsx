/**
 * The search box of a list page: its text lives in the address (`?q=`), so a reload or a shared link
 * searches again; typing updates the address after a short pause (replacing, not pushing, history),
 * and `/` focuses it from anywhere (shortcuts.tsx looks for `data-search`).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { query, setQuery } from '../router.js';

export function SearchBox(props: { readonly label: string; readonly param?: string; readonly placeholder?: string }) {
  const param = props.param ?? 'q';
  const current = query.value.get(param) ?? '';
  const [text, setText] = useState(current);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Back and Forward change the address under the box: show what it now says.
  useEffect(() => setText(current), [current]);
  useEffect(() => () => clearTimeout(timerRef.current), []);
  return (
    <div class="field field-search">
      <label for={`search-${param}`}>{props.label}</label>
      <input
        id={`search-${param}`}
        type="search"
        data-search
        value={text}
        placeholder={props.placeholder}
        autocomplete="off"
        onInput={(e) => {
          const value = e.currentTarget.value;
          setText(value);
          clearTimeout(timerRef.current);
          timerRef.current = setTimeout(() => setQuery({ [param]: value.trim() }, { replace: true }), 250);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            clearTimeout(timerRef.current);
            setQuery({ [param]: e.currentTarget.value.trim() }, { replace: true });
          }
        }}
      />
    </div>
  );
}

/** The current page of a list (`?page=`, from 1). */
export const currentPage = (): number => Math.max(1, Number.parseInt(query.value.get('page') ?? '1', 10) || 1);
