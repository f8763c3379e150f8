/**
 * Keeping a page current with the live stream (/api/events): `reload` is called when an event it
 * shows arrives, and always on `reset` (the stream lost its place, so anything may have changed).
 * It also reloads when live updates come back after a pause. Debounced, so a burst of events (an import's) is one reload. What the page shows is either
 * - whole kinds of event, for a list: `useLiveReload(['cost.recorded'], list.reload)`, or
 * - a test, for one record's page: `useLiveReload((e) => eventRecord(e, 'device')?.id === id, reload)`.
 */
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { liveState, onEvent, type DeskEvent } from '../api/events.js';

export function useLiveReload(
  on: readonly string[] | ((event: DeskEvent) => boolean),
  reload: () => void,
  delayMs = 300,
): void {
  // The latest arguments, so the subscription is made once per mount, not once per render.
  // Written after each render (not during it: a render may be thrown away), before any event can
  // reach the subscription below.
  const latestRef = useRef({ on, reload });
  useLayoutEffect(() => {
    latestRef.current = { on, reload };
  });
  // Back from a pause: what was missed is reloaded at once (the stream replays it too, or says reset).
  const live = liveState.value;
  const wasRef = useRef(live);
  useEffect(() => {
    const was = wasRef.current;
    wasRef.current = live;
    if (was === 'paused' && live === 'live') latestRef.current.reload();
  }, [live]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onEvent((event) => {
      const { on } = latestRef.current;
      if (event.type !== 'reset' && !(typeof on === 'function' ? on(event) : on.includes(event.type))) return;
      clearTimeout(timer);
      timer = setTimeout(() => latestRef.current.reload(), delayMs);
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
