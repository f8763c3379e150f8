/**
 * Webhooks (`/settings/webhooks`, the events module and webhook.manage): the school's webhooks, and
 * registering one with the event kinds the server says the user may subscribe to. The signing secret
 * is shown once, here, right after registering; each webhook's page has its delivery log and actions.
 */
import { useState } from 'preact/hooks';
import { listWebhooks, registerWebhook, type Webhook } from '../../../api/webhooks.js';
import { formatInstant } from '../../../format.js';
import { Link } from '../../../router.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, PageHeader } from '../../../ui/page.js';
import { DataTable } from '../../../ui/table.js';
import { useLiveReload } from '../../../ui/use-live-reload.js';
import { useResource } from '../../../ui/use-resource.js';
import { SecretShownOnce, WebhookForm, WebhookState } from './shared.js';
import '../admin.css';

export default function WebhooksPage() {
  const list = useResource(() => listWebhooks(), []);
  const [made, setMade] = useState<{ webhook: Webhook; secret: string } | null>(null);
  // Nothing here is an event kind: only a reset of the stream (or a pause ending) reloads it.
  useLiveReload([], list.reload);

  return (
    <section>
      <PageHeader title="Webhooks" />
      <p>Desk sends each event of the kinds a webhook takes to its URL, signed, and retries for about three days.</p>
      {made && (
        <SecretShownOnce
          title={`Webhook registered: ${made.webhook.url}`}
          secret={made.secret}
          onDone={() => setMade(null)}
        />
      )}
      {list.error && !list.data ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <div class="wide-table">
          <DataTable
            caption="Webhooks"
            rows={list.data?.webhooks}
            rowKey={(w) => w.id}
            busy={list.loading}
            empty="No webhooks yet: register one below."
            columns={[
              {
                header: 'URL',
                cell: (w) => (
                  <Link href={`/settings/webhooks/${encodeURIComponent(w.id)}`} class="url-cell">
                    {w.url}
                  </Link>
                ),
              },
              { header: 'Description', cell: (w) => w.description ?? '—' },
              { header: 'Events', cell: (w) => w.events.join(', ') },
              { header: 'State', cell: (w) => <WebhookState webhook={w} /> },
              { header: 'Registered', cell: (w) => formatInstant(w.createdAt) },
            ]}
          />
        </div>
      )}
      {list.data && (
        <WebhookForm
          title="Register a webhook"
          submitLabel="Register webhook"
          kinds={list.data.subscribableKinds}
          send={async (fields) => {
            const reply = await registerWebhook(fields);
            announce('Webhook registered: copy its signing secret now');
            setMade(reply);
            list.reload();
            queueMicrotask(() => document.getElementById('secret-title')?.scrollIntoView());
          }}
        />
      )}
    </section>
  );
}
