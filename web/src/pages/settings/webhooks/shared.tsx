/** What the webhook pages share: its state in words, the secret shown once, the form. */
import { useState } from 'preact/hooks';
import { CheckGroup, listError } from '../../../ui/check-group.js';
import { CopyField } from '../../../ui/copy.js';
import { TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import type { Webhook, WebhookFields } from '../../../api/webhooks.js';

/** On, off, or turned off by Desk, and why. */
export function WebhookState(props: { webhook: Webhook }) {
  const w = props.webhook;
  if (w.enabled) return <span class="badge badge-ok">on</span>;
  const why =
    w.disabledReason === 'gone'
      ? 'off: the receiver answered 410 Gone'
      : w.disabledReason === 'exhausted'
        ? 'off: deliveries kept failing'
        : 'off';
  return <span class={w.disabledReason ? 'badge badge-warn' : 'badge'}>{why}</span>;
}

/** A signing secret, just made or rotated: on screen until "Done" or leaving the page, never again. */
export function SecretShownOnce(props: { title: string; secret: string; rotated?: boolean; onDone: () => void }) {
  return (
    <div class="shown-once" role="region" aria-labelledby="secret-title">
      <h2 id="secret-title">{props.title}</h2>
      <p>
        <strong>Copy the signing secret now: Desk shows it only this once.</strong> The receiver checks each delivery's
        signature with it (Standard Webhooks).
        {props.rotated &&
          ' The previous secret keeps signing deliveries for 24 hours, so the receiver can switch over.'}
      </p>
      <CopyField label="Signing secret" value={props.secret} />
      <button type="button" class="primary" onClick={props.onDone}>
        Done, I have copied it
      </button>
    </div>
  );
}

/** Registering or editing a webhook: its URL, what it is for, and the event kinds it is sent. */
export function WebhookForm(props: {
  readonly title: string;
  readonly submitLabel: string;
  readonly kinds: readonly string[];
  readonly initial?: Webhook;
  readonly send: (fields: WebhookFields) => Promise<void>;
  readonly onCancel?: () => void;
}) {
  const [url, setUrl] = useState(props.initial?.url ?? '');
  const [description, setDescription] = useState(props.initial?.description ?? '');
  // A kind it already has but the user may no longer give stays listed, so an edit does not drop it unseen.
  const kinds = [...props.kinds, ...(props.initial?.events ?? []).filter((k) => !props.kinds.includes(k))];
  const [events, setEvents] = useState<Set<string>>(new Set(props.initial?.events ?? []));
  const form = useSubmit(async () => {
    await props.send({
      url: url.trim(),
      description: description.trim() === '' ? null : description.trim(),
      // In the order shown, so a message about `events/2` is about the third box.
      events: kinds.filter((k) => events.has(k)),
    });
    if (!props.initial) {
      setUrl('');
      setDescription('');
      setEvents(new Set());
    }
  });
  return (
    <form class="admin-form" onSubmit={form.submit} novalidate>
      <h2>{props.title}</h2>
      <FormProblem form={form} />
      <TextField
        label="URL"
        type="url"
        hint="Where Desk sends each event (POST, JSON, signed)."
        value={url}
        onInput={(e: Event) => setUrl((e.currentTarget as HTMLInputElement).value)}
        error={form.error('url')}
        required
        autocomplete="off"
        spellcheck={false}
      />
      <TextField
        label="Description"
        hint="Optional: what receives it."
        value={description}
        onInput={(e: Event) => setDescription((e.currentTarget as HTMLInputElement).value)}
        error={form.error('description')}
        maxLength={500}
      />
      <CheckGroup
        legend="Events"
        hint="Only the kinds your permissions let you see."
        choices={kinds}
        chosen={events}
        onChange={setEvents}
        error={listError(form.error, 'events', kinds.length)}
      />
      <div class="form-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Saving…' : props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
