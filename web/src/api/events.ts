/**
 * The live event stream of the signed-in user (`GET /api/events`): one EventSource per tab, opened
 * once signed in. The browser resumes a dropped stream by itself with `Last-Event-ID`; this module
 * says whether updates are flowing (`liveState`) and hands each event to whoever listens.
 */
import { signal } from '@preact/signals';
// Every kind the server may send needs a listener of its own: the domain's own list (a pure module,
// bundled as is), so a new kind reaches the console with no second list to keep.
import { EVENT_KINDS } from '@desk/contract';

export interface DeskEvent {
  readonly id: number;
  readonly type: string;
  readonly timestamp: string;
  readonly data: Record<string, unknown>;
}

/** `live`: connected; `connecting`: (re)connecting; `paused`: no stream for a while, or none allowed. */
export type LiveState = 'connecting' | 'live' | 'paused';
export const liveState = signal<LiveState>('connecting');

type Handler = (event: DeskEvent) => void;
const handlers = new Set<Handler>();
let source: EventSource | null = null;
let pauseTimer: ReturnType<typeof setTimeout> | undefined;

/** Hears every event (and `reset`: reload what you show); returns the function that stops it. */
export function onEvent(handler: Handler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

function dispatch(message: MessageEvent<string>): void {
  let body: { type?: string; timestamp?: string; data?: Record<string, unknown> } = {};
  try {
    body = JSON.parse(message.data);
  } catch {
    return;
  }
  const event: DeskEvent = {
    id: Number(message.lastEventId),
    type: message.type,
    timestamp: body.timestamp ?? '',
    data: body.data ?? {},
  };
  for (const handler of handlers) handler(event);
}

/** Opens the stream (idempotent). A stream that cannot be held for 3 s shows as paused. */
export function startEvents(): void {
  if (source) return;
  liveState.value = 'connecting';
  source = new EventSource('/api/events');
  source.onopen = () => {
    clearTimeout(pauseTimer);
    liveState.value = 'live';
  };
  source.onerror = () => {
    clearTimeout(pauseTimer);
    // CLOSED: the server refused the stream (signed out, module off): the browser will not retry.
    if (source?.readyState === EventSource.CLOSED) {
      liveState.value = 'paused';
      return;
    }
    liveState.value = 'connecting';
    pauseTimer = setTimeout(() => {
      if (source?.readyState !== EventSource.OPEN) liveState.value = 'paused';
    }, 3_000);
  };
  for (const kind of [...EVENT_KINDS, 'reset']) source.addEventListener(kind, dispatch as EventListener);
}

/** Closes the stream (signing out, leaving the page). */
export function stopEvents(): void {
  clearTimeout(pauseTimer);
  source?.close();
  source = null;
  liveState.value = 'connecting';
}

/** Closes and opens again: the "retry" of a paused stream. */
export function restartEvents(): void {
  stopEvents();
  startEvents();
}
