/**
 * Keeping a page current with the live stream (/api/events): `reload` is called when an event it
 * shows arrives, and always on `reset` (the stream lost its place, so anything may have changed).
 * Debounced, so a burst of events (an import's) is one reload. What the page shows is either
 * - whole kinds of event, for a list: `useLiveReload(['cost.recorded'], list.reload)`, or
 * - a test, for one record's page: `useLiveReload((e) => eventRecord(e, 'device')?.id === id, reload)`.
 */
import { useEffect, useRef } from 'preact/hooks';
import { onEvent, type DeskEvent } from '../api/events.js';

export function useLiveReload(
  on: readonly string[] | ((event: DeskEvent) => boolean),
  reload: () => void,
  delayMs = 300,
): void {
  // The latest arguments, so the subscription is made once per mount, not once per render.
  const latest = useRef({ on, reload });
  latest.current = { on, reload };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onEvent((event) => {
      const { on } = latest.current;
      if (event.type !== 'reset' && !(typeof on === 'function' ? on(event) : on.includes(event.type))) return;
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.reload(), delayMs);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [delayMs]);
}

/** The `{<key>: {id}}` record an event is about (`person`, `device`, `loan`...), if it names one. */
export function eventRecord(event: DeskEvent, key: string): Record<string, unknown> | undefined {
  const value = event.data[key];
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}
