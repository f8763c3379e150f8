/**
 * Connected apps (`/settings/apps`, everyone): the apps a person allowed to act for them (AI
 * assistants connected over MCP with OAuth), what each may do, when it was connected and last used,
 * and disconnecting one (confirmed), which ends every token it holds at once. A school administrator
 * (`user.manage`) can show everyone's (`?all=true`) and disconnect any.
 */
import { messageOf } from '../../../api/client.js';
import { listGrants, revokeGrant, type Grant } from '../../../api/oauth.js';
import { formatInstant } from '../../../format.js';
import { query, setQuery } from '../../../router.js';
import { can, me } from '../../../state/session.js';
import { confirm } from '../../../ui/confirm.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, PageHeader } from '../../../ui/page.js';
import { Pager } from '../../../ui/pager.js';
import { DataTable } from '../../../ui/table.js';
import { useResource } from '../../../ui/use-resource.js';
import '../admin.css';

const PAGE_SIZE = 50;

export default function ConnectedAppsPage() {
  const everyone = can('user.manage') && query.value.get('all') === 'true';
  const page = Number(query.value.get('page') ?? '1') || 1;
  const list = useResource(() => listGrants({ all: everyone, page, pageSize: PAGE_SIZE }), [everyone, page]);

  const disconnect = async (g: Grant) => {
    const whose = g.user && g.user.id !== me.value?.user.id ? ` for ${g.user.name}` : '';
    const yes = await confirm({
      title: `Disconnect ${g.client.name}${whose}?`,
      message: 'It is refused from its next request, everywhere. To use it again, connect it again from the app.',
      confirmLabel: 'Disconnect',
      danger: true,
    });
    if (!yes) return;
    try {
      await revokeGrant(g.id);
      announce(`${g.client.name} disconnected`);
      list.reload();
    } catch (e) {
      announce(messageOf(e), 'error');
    }
  };

  return (
    <section>
      <PageHeader title="Connected apps" />
      <p>
        Apps you allowed to use Desk as you: an AI assistant connected to Desk, say. Each can do only what you allowed
        and what your role lets you do now.
      </p>
      {can('user.manage') && (
        <p>
          <label>
            <input
              type="checkbox"
              checked={everyone}
              onChange={(e) => setQuery({ all: (e.currentTarget as HTMLInputElement).checked ? 'true' : null })}
            />{' '}
            Show everyone’s at {me.value?.tenant.name}
          </label>
        </p>
      )}
      {list.error && !list.data ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <div class="wide-table">
          <DataTable
            caption="Connected apps"
            rows={list.data?.grants}
            rowKey={(g) => g.id}
            busy={list.loading}
            empty={everyone ? 'No apps are connected at this school.' : 'You have not connected any apps.'}
            columns={[
              {
                header: 'App',
                cell: (g) => (
                  <>
                    {g.client.name}
                    {g.client.host && ` (${g.client.host})`}
                  </>
                ),
              },
              ...(everyone ? [{ header: 'For', cell: (g: Grant) => g.user?.name ?? 'someone no longer here' }] : []),
              {
                header: 'May',
                cell: (g) =>
                  g.scopes.length === 0 ? (
                    'nothing'
                  ) : (
                    <ul class="scope-list">
                      {g.scopes.map((s) => (
                        <li key={s.name}>{s.description}</li>
                      ))}
                    </ul>
                  ),
              },
              { header: 'Connected', cell: (g) => formatInstant(g.createdAt) },
              { header: 'Last used', cell: (g) => (g.lastUsedAt ? formatInstant(g.lastUsedAt) : 'not yet') },
              {
                header: 'Actions',
                cell: (g) => (
                  <button type="button" onClick={() => disconnect(g)} aria-label={`Disconnect ${g.client.name}`}>
                    Disconnect
                  </button>
                ),
              },
            ]}
          />
        </div>
      )}
      {list.data && list.data.total > PAGE_SIZE && (
        <Pager
          total={list.data.total}
          page={list.data.page}
          pageSize={list.data.pageSize}
          label="Connected apps pages"
        />
      )}
    </section>
  );
}
