/**
 * Loading what a page shows: `useResource(() => api.get(...), [deps])` gives the data, the error, whether
 * it is loading and a `reload`. A newer load wins: an answer that arrives after a later request began
 * is dropped, so fast filter changes never show stale rows.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Resource<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
  reload(): void;
}

export function useResource<T>(load: () => Promise<T>, deps: readonly unknown[]): Resource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const generationRef = useRef(0);
  const run = useCallback(() => {
    const mine = ++generationRef.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => mine === generationRef.current && setState({ data, error: undefined, loading: false }),
      (error: unknown) => mine === generationRef.current && setState((s) => ({ ...s, error, loading: false })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's own list: `run` is remade exactly when what `load` reads changes
  }, deps);
  useEffect(run, [run]);
  return { ...state, reload: run };
}
