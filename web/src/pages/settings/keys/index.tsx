/**
 * API keys (`/settings/keys`, apikey.manage): the school's keys with their scopes, when each was made,
 * last used and expires; a new key with the scopes the server says the creator may give; the key and
 * its MCP client configuration shown once (kept in this page's memory only: a reload forgets them,
 * and the server never sends them again); revoking, confirmed.
 */
import { PERMISSION_DESCRIPTIONS, type Permission } from '@desk/contract';
import { scopeArea } from '../../../words.js';
import { useState } from 'preact/hooks';
import { messageOf } from '../../../api/client.js';
import {
  listKeys,
  makeKey,
  revokeKey,
  type ApiKey,
  type ApiKeyList,
  type CreatedApiKey,
  type NewKey,
} from '../../../api/keys.js';
import { formatInstant } from '../../../format.js';
import { CheckGroup, listError } from '../../../ui/check-group.js';
import { confirm } from '../../../ui/confirm.js';
import { CopyField } from '../../../ui/copy.js';
import { TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, PageHeader } from '../../../ui/page.js';
import { DataTable } from '../../../ui/table.js';
import { useLiveReload } from '../../../ui/use-live-reload.js';
import { useResource } from '../../../ui/use-resource.js';
import '../admin.css';

const stateOf = (k: ApiKey): 'active' | 'revoked' | 'expired' =>
  k.revokedAt ? 'revoked' : k.expiresAt && k.expiresAt <= new Date().toISOString() ? 'expired' : 'active';

export default function ApiKeysPage() {
  const list = useResource(() => listKeys(), []);
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  // Nothing here is an event kind: only a reset of the stream (or a pause ending) reloads it.
  useLiveReload([], list.reload);

  const revoke = async (k: ApiKey) => {
    const yes = await confirm({
      title: `Revoke the key "${k.name}"?`,
      message: 'Every program using it is refused from its next request. A revoked key never works again.',
      confirmLabel: 'Revoke key',
      danger: true,
    });
    if (!yes) return;
    try {
      await revokeKey(k.id);
      announce(`Key "${k.name}" revoked`);
      list.reload();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
  };

  return (
    <section>
      <PageHeader title="API keys" />
      <p>Keys let other programs (the MIS, an assistant over MCP, a script) use Desk with the scopes you give them.</p>
      {made && <ShownOnce made={made} onDone={() => setMade(null)} />}
      {list.error && !list.data ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <div class="wide-table">
          <DataTable
            caption="API keys"
            rows={list.data?.apiKeys}
            rowKey={(k) => k.id}
            busy={list.loading}
            empty="No API keys yet: create one below."
            columns={[
              { header: 'Name', cell: (k) => k.name },
              { header: 'Starts with', cell: (k) => <code>{k.prefix}</code> },
              {
                header: 'Scopes',
                cell: (k) =>
                  k.scopes.length === 0 ? (
                    'none (ping only)'
                  ) : (
                    <ul class="scope-list">
                      {k.scopes.map((s) => (
                        <li key={s}>
                          <code>{s}</code>
                        </li>
                      ))}
                    </ul>
                  ),
              },
              { header: 'Created', cell: (k) => formatInstant(k.createdAt) },
              { header: 'Last used', cell: (k) => (k.lastUsedAt ? formatInstant(k.lastUsedAt) : 'never') },
              { header: 'Expires', cell: (k) => (k.expiresAt ? formatInstant(k.expiresAt) : 'never') },
              {
                header: 'State',
                cell: (k) => {
                  const state = stateOf(k);
                  return <span class={state === 'active' ? 'badge badge-ok' : 'badge'}>{state}</span>;
                },
              },
              {
                header: 'Actions',
                cell: (k) =>
                  stateOf(k) === 'revoked' ? null : (
                    <button type="button" onClick={() => revoke(k)} aria-label={`Revoke ${k.name}`}>
                      Revoke
                    </button>
                  ),
              },
            ]}
          />
        </div>
      )}
      {list.data && (
        <CreateKey
          grantable={list.data.grantableScopes}
          onCreated={(n) => {
            setMade(n);
            list.reload();
          }}
        />
      )}
    </section>
  );
}

/** The new key and its MCP configuration: on screen until "Done" or leaving the page, never again. */
function ShownOnce(props: { made: CreatedApiKey; onDone: () => void }) {
  return (
    <div class="shown-once" role="region" aria-labelledby="new-key-title">
      <h2 id="new-key-title">Key "{props.made.apiKey.name}" created</h2>
      <p>
        <strong>Copy it now: Desk shows it only this once.</strong> Desk keeps only a fingerprint, so a lost key cannot
        be shown again: revoke it and create another.
      </p>
      <CopyField label="The key" value={props.made.key} />
      <CopyField label="MCP client configuration" value={JSON.stringify(props.made.mcpConfig, null, 2)} multiline />
      <button type="button" class="primary" onClick={props.onDone}>
        Done, I have copied it
      </button>
    </div>
  );
}

function CreateKey(props: { grantable: ApiKeyList['grantableScopes']; onCreated: (made: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  const [scopes, setScopes] = useState<Set<string>>(new Set());
  const form = useSubmit(async () => {
    const body: NewKey = {
      name: name.trim(),
      // In the order the server lists them, so a message about `scopes/2` names the third box shown.
      scopes: props.grantable.filter((s) => scopes.has(s)),
    };
    if (days.trim() !== '') body.expiresInDays = Number(days);
    const made = await makeKey(body);
    setName('');
    setDays('');
    setScopes(new Set());
    announce(`Key "${made.apiKey.name}" created: copy it now`);
    props.onCreated(made);
    // Take the keyboard to the key, so a screen-reader user hears it is there.
    queueMicrotask(() => document.getElementById('new-key-title')?.scrollIntoView());
  });
  return (
    <form class="admin-form" onSubmit={form.submit} novalidate>
      <h2>Create a key</h2>
      <FormProblem form={form} />
      <TextField
        label="Name"
        hint="What uses it: “MIS sync”, “Helpdesk assistant”."
        value={name}
        onInput={(e: Event) => setName((e.currentTarget as HTMLInputElement).value)}
        error={form.error('name')}
        required
        maxLength={100}
        autocomplete="off"
      />
      <TextField
        label="Expires after (days)"
        hint="Leave empty for a key that does not expire."
        type="number"
        inputMode="numeric"
        min={1}
        max={3650}
        value={days}
        onInput={(e: Event) => setDays((e.currentTarget as HTMLInputElement).value)}
        error={form.error('expiresInDays')}
      />
      <CheckGroup
        legend="Scopes"
        hint="Only the permissions you hold yourself. A key without scopes can only ping."
        choices={props.grantable}
        labelOf={(s) => `${PERMISSION_DESCRIPTIONS[s as Permission] ?? s} (${s})`}
        groupOf={scopeArea}
        chosen={scopes}
        onChange={setScopes}
        error={listError(form.error, 'scopes', props.grantable.length)}
      />
      <button type="submit" class="primary" disabled={form.busy}>
        {form.busy ? 'Creating…' : 'Create key'}
      </button>
    </form>
  );
}
