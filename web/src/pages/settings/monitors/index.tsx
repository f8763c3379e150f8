/**
 * Monitors: the addresses Desk checks for the school (its website, the MIS, a printer's page), whether
 * each is up, and its last check; add, change and delete them. The state comes from the server's
 * checks: it is reloaded on `monitor.up`/`monitor.down` and every half minute (an up monitor's next
 * check sends no event).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../../api/client.js';
import { addMonitor, changeMonitor, deleteMonitor, listMonitors, type Monitor } from '../../../api/monitors.js';
import { formatInstant } from '../../../format.js';
import { confirm } from '../../../ui/confirm.js';
import { TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, PageHeader } from '../../../ui/page.js';
import '../../../ui/panel.css';
import { useLiveReload } from '../../../ui/use-live-reload.js';
import { DataTable } from '../../../ui/table.js';
import { useResource } from '../../../ui/use-resource.js';
import './monitors.css';

const STATE = {
  up: { label: 'Up', badge: 'badge badge-ok' },
  down: { label: 'Down', badge: 'badge badge-danger' },
  unknown: { label: 'Not checked yet', badge: 'badge' },
} as const;

/** `300` → `5 min`. */
function every(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

function lastCheck(m: Monitor): string {
  const c = m.lastCheck;
  if (!c) return 'None yet';
  const what = c.ok ? `OK${c.status ? ` (${c.status})` : ''}` : (c.reason ?? `status ${c.status ?? '—'}`);
  return `${formatInstant(c.at)}: ${what}, ${c.ms} ms`;
}

export default function Monitors() {
  const list = useResource(() => listMonitors(), []);
  // null: no form; 'new': adding one; a monitor: changing it.
  const [editing, setEditing] = useState<Monitor | 'new' | null>(null);
  useLiveReload(['monitor.up', 'monitor.down'], list.reload);
  useEffect(() => {
    const timer = setInterval(list.reload, 30_000);
    return () => clearInterval(timer);
  }, [list.reload]);

  const remove = async (m: Monitor) => {
    const yes = await confirm({
      title: `Delete the monitor "${m.name}"?`,
      message: `Desk stops checking ${m.url}. Its history of checks goes with it.`,
      confirmLabel: 'Delete monitor',
      danger: true,
    });
    if (!yes) return;
    try {
      await deleteMonitor(m.id);
      announce(`Monitor "${m.name}" deleted`);
      if (editing !== null && editing !== 'new' && editing.id === m.id) setEditing(null);
      list.reload();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
  };

  return (
    <section>
      <PageHeader title="Monitors">
        <button type="button" class="primary" onClick={() => setEditing('new')} disabled={editing === 'new'}>
          Add a monitor
        </button>
      </PageHeader>
      <p class="field-hint">
        Desk checks each address at its interval; two failed checks in a row mark it down and alert the school's alert
        addresses. Redirects are not followed.
      </p>
      {editing !== null && (
        <MonitorForm
          key={editing === 'new' ? 'new' : editing.id}
          monitor={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {list.error ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <div class="monitors-table">
          <DataTable
            caption="Monitors"
            rows={list.data?.monitors}
            rowKey={(m) => m.id}
            busy={list.loading && list.data !== undefined}
            empty="No monitors yet. Add the addresses your school depends on: its website, its MIS, its Wi-Fi portal."
            columns={[
              {
                header: 'Monitor',
                cell: (m) => (
                  <>
                    <strong>{m.name}</strong>
                    <br />
                    <span class="monitor-url">{m.url}</span>
                  </>
                ),
              },
              {
                header: 'State',
                cell: (m) => (
                  <>
                    <span class={STATE[m.state].badge}>{STATE[m.state].label}</span>
                    {m.since && <span class="monitor-since"> since {formatInstant(m.since)}</span>}
                  </>
                ),
              },
              { header: 'Last check', cell: lastCheck },
              {
                header: 'Checked every',
                cell: (m) => every(m.intervalSeconds) + (m.expectStatus ? `, expects ${m.expectStatus}` : ''),
              },
              {
                header: 'Actions',
                cell: (m) => (
                  <div class="row-actions">
                    <button type="button" onClick={() => setEditing(m)} aria-label={`Edit ${m.name}`}>
                      Edit
                    </button>
                    <button type="button" class="danger" onClick={() => void remove(m)} aria-label={`Delete ${m.name}`}>
                      Delete
                    </button>
                  </div>
                ),
              },
            ]}
          />
        </div>
      )}
    </section>
  );
}

function MonitorForm(props: { monitor: Monitor | null; onCancel: () => void; onSaved: () => void }) {
  const m = props.monitor;
  const [name, setName] = useState(m?.name ?? '');
  const [url, setUrl] = useState(m?.url ?? 'https://');
  const [interval, setInterval_] = useState(String(m?.intervalSeconds ?? 300));
  const [expect, setExpect] = useState(m?.expectStatus ? String(m.expectStatus) : '');
  const form = useSubmit(async () => {
    const wholeOrText = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : s);
    const body = {
      name: name.trim(),
      url: url.trim(),
      intervalSeconds: wholeOrText(interval),
      expectStatus: expect.trim() === '' ? null : wholeOrText(expect),
    };
    if (typeof body.intervalSeconds === 'string') {
      throw new ApiError(400, 'invalid-input', '', '', new Map([['intervalSeconds', 'enter a number of seconds']]));
    }
    if (typeof body.expectStatus === 'string') {
      throw new ApiError(400, 'invalid-input', '', '', new Map([['expectStatus', 'enter a status code, such as 200']]));
    }
    const fields = { ...body, intervalSeconds: body.intervalSeconds, expectStatus: body.expectStatus };
    if (m) {
      await changeMonitor(m.id, fields);
      announce(`Monitor "${body.name}" saved`);
    } else {
      await addMonitor(fields);
      announce(`Monitor "${body.name}" added: its first check is due now`);
    }
    props.onSaved();
  });
  const title = m ? `Edit "${m.name}"` : 'Add a monitor';
  return (
    <form class="ops-panel" onSubmit={form.submit} aria-labelledby="monitor-form-title" noValidate>
      <h2 id="monitor-form-title">{title}</h2>
      <div class="ops-form-grid">
        <TextField
          label="Name"
          value={name}
          maxLength={100}
          required
          autoFocus
          error={form.error('name')}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <TextField
          label="Address"
          type="url"
          value={url}
          required
          hint="An http or https address Desk can reach from the internet"
          error={form.error('url')}
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
        <TextField
          label="Check every (seconds)"
          inputMode="numeric"
          value={interval}
          hint="30 to 86,400"
          error={form.error('intervalSeconds')}
          onInput={(e) => setInterval_(e.currentTarget.value)}
        />
        <TextField
          label="Expected status"
          inputMode="numeric"
          value={expect}
          hint="Empty: any 2xx or 3xx is up"
          error={form.error('expectStatus')}
          onInput={(e) => setExpect(e.currentTarget.value)}
        />
      </div>
      <FormProblem form={form} />
      <div class="ops-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {m ? 'Save monitor' : 'Add monitor'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
