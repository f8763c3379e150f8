/** The pieces every page is made of: its heading (and the document title), loading, empty and error states. */
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { messageOf } from '../api/client.js';

export function PageHeader(props: { title: string; children?: ComponentChildren }) {
  useEffect(() => {
    document.title = `${props.title} · Desk`;
  }, [props.title]);
  return (
    <header class="page-header">
      <h1>{props.title}</h1>
      {props.children && <div class="page-actions">{props.children}</div>}
    </header>
  );
}

export function Loading(props: { label?: string }) {
  return (
    <p class="loading" role="status">
      {props.label ?? 'Loading…'}
    </p>
  );
}

export function Empty(props: { children: ComponentChildren }) {
  return <p class="empty">{props.children}</p>;
}

export function ErrorNotice(props: { error: unknown; onRetry?: () => void }) {
  return (
    <div class="notice notice-error" role="alert">
      <p>{messageOf(props.error)}</p>
      {props.onRetry && (
        <button type="button" onClick={props.onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
