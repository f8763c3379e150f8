/**
 * One webhook (`/settings/webhooks/:id`): what it is sent, its delivery log (newest first, paged in
 * `?page=`, times in the school's zone), and what an administrator does with it: send a test, resend
 * a delivery, rotate the secret (the new one shown once), edit, turn off or on, delete (confirmed).
 */
import { useState } from 'preact/hooks';
import { messageOf } from '../../../api/client.js';
import {
  changeWebhook,
  deleteWebhook,
  deliveries,
  getWebhook,
  listWebhooks,
  resendDelivery,
  rotateSecret,
  sendTest,
  type Webhook,
  type WebhookDelivery,
} from '../../../api/webhooks.js';
import { formatCount, formatInstant } from '../../../format.js';
import type { PageProps } from '../../../page-props.js';
import { Link, navigate } from '../../../router.js';
import { confirm } from '../../../ui/confirm.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../../ui/page.js';
import { Pager } from '../../../ui/pager.js';
import { currentPage } from '../../../ui/search.js';
import { DataTable } from '../../../ui/table.js';
import { useLiveReload } from '../../../ui/use-live-reload.js';
import { useResource } from '../../../ui/use-resource.js';
import { SecretShownOnce, WebhookForm, WebhookState } from './shared.js';
import '../admin.css';

const PAGE_SIZE = 20;

const outcomeBadge = (o: WebhookDelivery['outcome']) =>
  o === 'success' ? 'badge badge-ok' : o === 'failure' ? 'badge badge-warn' : 'badge badge-danger';

export default function WebhookPage(props: PageProps) {
  const id = props.params.id!;
  const page = currentPage();
  const hook = useResource(
    () =>
      Promise.all([getWebhook(id), listWebhooks()]).then(([one, all]) => ({
        webhook: one.webhook,
        kinds: all.subscribableKinds,
      })),
    [id],
  );
  const log = useResource(() => deliveries(id, page, PAGE_SIZE), [id, page]);
  const [secret, setSecret] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  // Deliveries are not events on the stream: only a reset of it (or a pause ending) reloads them.
  useLiveReload([], () => {
    hook.reload();
    log.reload();
  });

  /** Runs one action, saying what came of it; the button stays off while it runs. */
  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    try {
      await run();
    } catch (e) {
      announce(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  const said = (d: WebhookDelivery) =>
    d.outcome === 'success'
      ? `delivered (${d.statusCode ?? 'no status'})`
      : `not delivered: ${d.error ?? d.statusCode ?? d.outcome}`;

  const test = () =>
    act(async () => {
      const { delivery } = await sendTest(id);
      announce(`Test ${said(delivery)}`, delivery.outcome === 'success' ? 'ok' : 'error');
      log.reload();
    });

  const resend = (d: WebhookDelivery) =>
    act(async () => {
      const { delivery } = await resendDelivery(id, d.id);
      announce(`Resent ${d.kind}: ${said(delivery)}`, delivery.outcome === 'success' ? 'ok' : 'error');
      log.reload();
    });

  const rotate = async () => {
    const yes = await confirm({
      title: 'Rotate the signing secret?',
      message:
        'Desk makes a new secret and shows it once. The old one keeps signing deliveries for 24 hours, then stops.',
      confirmLabel: 'Rotate secret',
    });
    if (!yes) return;
    await act(async () => {
      const reply = await rotateSecret(id);
      setSecret(reply.secret);
      announce('New signing secret made: copy it now');
      queueMicrotask(() => document.getElementById('secret-title')?.scrollIntoView());
    });
  };

  const setEnabled = async (enabled: boolean) => {
    if (!enabled) {
      const yes = await confirm({
        title: 'Turn this webhook off?',
        message: 'Desk stops sending it events until it is turned on again; then it resumes where it stopped.',
        confirmLabel: 'Turn off',
        danger: true,
      });
      if (!yes) return;
    }
    await act(async () => {
      await changeWebhook(id, { enabled });
      announce(enabled ? 'Webhook turned on' : 'Webhook turned off');
      hook.reload();
    });
  };

  const remove = async (w: Webhook) => {
    const yes = await confirm({
      title: 'Delete this webhook?',
      message: `Desk stops sending events to ${w.url} and forgets its delivery log.`,
      confirmLabel: 'Delete webhook',
      danger: true,
    });
    if (!yes) return;
    await act(async () => {
      await deleteWebhook(id);
      announce('Webhook deleted');
      navigate('/settings/webhooks');
    });
  };

  if (hook.error && !hook.data) {
    return (
      <section>
        <PageHeader title="Webhook" />
        <ErrorNotice error={hook.error} onRetry={hook.reload} />
        <p>
          <Link href="/settings/webhooks">All webhooks</Link>
        </p>
      </section>
    );
  }
  if (!hook.data) return <Loading />;
  const w = hook.data.webhook;

  return (
    <section>
      <PageHeader title="Webhook">
        <Link href="/settings/webhooks">All webhooks</Link>
      </PageHeader>
      {secret && <SecretShownOnce title="New signing secret" secret={secret} rotated onDone={() => setSecret(null)} />}
      <dl class="facts">
        <dt>URL</dt>
        <dd class="url-cell">{w.url}</dd>
        <dt>Description</dt>
        <dd>{w.description ?? '—'}</dd>
        <dt>Events</dt>
        <dd>{w.events.join(', ')}</dd>
        <dt>State</dt>
        <dd>
          <WebhookState webhook={w} />
        </dd>
        <dt>Registered</dt>
        <dd>{formatInstant(w.createdAt)}</dd>
      </dl>
      <div class="form-buttons">
        <button type="button" class="primary" onClick={test} disabled={busy}>
          Send a test
        </button>
        <button type="button" onClick={() => setEditing(!editing)} aria-expanded={editing}>
          Edit
        </button>
        <button type="button" onClick={rotate} disabled={busy}>
          Rotate secret
        </button>
        <button type="button" onClick={() => setEnabled(!w.enabled)} disabled={busy}>
          {w.enabled ? 'Turn off' : 'Turn on'}
        </button>
        <button type="button" onClick={() => remove(w)} disabled={busy}>
          Delete
        </button>
      </div>
      {editing && (
        <WebhookForm
          title="Edit the webhook"
          submitLabel="Save changes"
          kinds={hook.data.kinds}
          initial={w}
          onCancel={() => setEditing(false)}
          send={async (fields) => {
            await changeWebhook(id, fields);
            announce('Webhook saved');
            setEditing(false);
            hook.reload();
          }}
        />
      )}
      <h2>Delivery log</h2>
      {log.error && !log.data ? (
        <ErrorNotice error={log.error} onRetry={log.reload} />
      ) : (
        <>
          <div class="wide-table">
            <DataTable
              caption="Delivery log, newest first"
              rows={log.data?.deliveries}
              rowKey={(d) => d.id}
              busy={log.loading}
              empty="Nothing sent yet. Send a test to see a delivery here."
              columns={[
                { header: 'Time', cell: (d) => formatInstant(d.at) },
                { header: 'Event', cell: (d) => d.kind },
                { header: 'Attempt', cell: (d) => formatCount(d.attempt), numeric: true },
                { header: 'Outcome', cell: (d) => <span class={outcomeBadge(d.outcome)}>{d.outcome}</span> },
                { header: 'Response', cell: (d) => d.statusCode ?? '—', numeric: true },
                { header: 'Took', cell: (d) => `${formatCount(d.durationMs)} ms`, numeric: true },
                {
                  header: 'Detail',
                  cell: (d) =>
                    [d.error, d.nextAttemptAt && `next try ${formatInstant(d.nextAttemptAt)}`]
                      .filter(Boolean)
                      .join('; ') || '—',
                },
                {
                  header: 'Actions',
                  cell: (d) => (
                    <button
                      type="button"
                      onClick={() => resend(d)}
                      disabled={busy}
                      aria-label={`Resend ${d.kind} of ${formatInstant(d.at)}`}
                    >
                      Resend
                    </button>
                  ),
                },
              ]}
            />
          </div>
          {log.data && log.data.total > 0 && (
            <Pager total={log.data.total} page={page} pageSize={PAGE_SIZE} label="Delivery log pages" />
          )}
        </>
      )}
    </section>
  );
}
