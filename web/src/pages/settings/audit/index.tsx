/**
 * The audit log: who changed what and when, newest first, in words (audit-words.ts) with the raw
 * details one click away. Filters (who, action, target, a date range)
 * are controls kept in the address, so a filtered view can be reloaded or shared; a row's actor,
 * action or target is also a one-click filter. Times are in the school's time zone; a date range means
 * whole days there (the server reads `from`/`to` dates so).
 */
import { searchAudit, type AuditEntry } from '../../../api/audit.js';
import { actionInWords, changesInWords, targetInWords } from '../../../audit-words.js';
import { listUsers, type User } from '../../../api/users.js';
import { formatInstant } from '../../../format.js';
import { Link, query, setQuery } from '../../../router.js';
import { can } from '../../../state/session.js';
import { SelectField, TextField } from '../../../ui/field.js';
import { ErrorNotice, PageHeader } from '../../../ui/page.js';
import { Pager } from '../../../ui/pager.js';
import { currentPage, SearchBox } from '../../../ui/search.js';
import { DataTable } from '../../../ui/table.js';
import { useResource } from '../../../ui/use-resource.js';
import './audit.css';

const PAGE_SIZE = 50;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const ACTOR_TYPES: Record<string, string> = {
  user: 'User',
  apiKey: 'API key',
  operator: 'Operator (command line)',
  anonymous: 'Someone with a link',
  system: 'Desk',
};

/** The details as Desk stored them, for whoever needs the codes and ids: one click from the words. */
function RawDetails({ entry }: { entry: AuditEntry }) {
  return (
    <details class="audit-raw">
      <summary>Raw details</summary>
      <pre>{JSON.stringify({ action: entry.action, target: entry.target, details: entry.details }, null, 2)}</pre>
    </details>
  );
}

export default function Audit() {
  const q = query.value;
  const actor = q.get('actor') ?? '';
  const action = q.get('action') ?? '';
  const target = q.get('target') ?? '';
  const from = DATE.test(q.get('from') ?? '') ? q.get('from')! : '';
  const to = DATE.test(q.get('to') ?? '') ? q.get('to')! : '';
  const page = currentPage();

  const log = useResource(
    () => searchAudit({ actor, action, target, from, to, page, pageSize: PAGE_SIZE }),
    [actor, action, target, from, to, page],
  );
  // The "Who" filter offers the users by name to those who may list them; others type an id.
  const users = useResource(
    () => (can('user.manage') ? listUsers(1, 100).then((r) => r.users) : Promise.resolve([] as User[])),
    [],
  );
  // The server names who acted (a member of staff, a key, the command line) and the records named.
  const who = (e: AuditEntry) => e.actor.name + (e.actor.via ? `, via ${e.actor.via}` : '');
  const filtered = Boolean(actor || action || target || from || to);

  return (
    <section>
      <PageHeader title="Audit log" />
      <form class="filters audit-filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        {users.data && users.data.length > 0 ? (
          <SelectField
            label="Who"
            value={actor}
            onChange={(e) => setQuery({ actor: (e.currentTarget as HTMLSelectElement).value })}
            choices={[
              { value: '', label: 'Anyone' },
              ...users.data.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })),
              { value: 'cli', label: ACTOR_TYPES.operator! },
              ...(actor && actor !== 'cli' && !users.data.some((u) => u.id === actor)
                ? [{ value: actor, label: actor }]
                : []),
            ]}
          />
        ) : (
          <SearchBox label="Who (actor id)" param="actor" />
        )}
        <SearchBox label="Action" param="action" placeholder="e.g. loan.issue" />
        <SearchBox label="Target" param="target" placeholder="e.g. loan:12" />
        <TextField
          label="From"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setQuery({ from: DATE.test(e.currentTarget.value) ? e.currentTarget.value : null })}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => setQuery({ to: DATE.test(e.currentTarget.value) ? e.currentTarget.value : null })}
        />
        {filtered && (
          <button
            type="button"
            class="audit-clear"
            onClick={() => setQuery({ actor: null, action: null, target: null, from: null, to: null })}
          >
            Clear filters
          </button>
        )}
      </form>
      <p class="field-hint">Action and target match exactly. Dates are whole days in the school's time zone.</p>
      {log.error ? (
        <ErrorNotice error={log.error} onRetry={log.reload} />
      ) : (
        <div class="audit-log">
          <DataTable
            caption="Audit entries, newest first"
            rows={log.data?.entries}
            rowKey={(e) => e.id}
            busy={log.loading}
            empty={filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
            columns={[
              { header: 'When', cell: (e) => formatInstant(e.at) },
              {
                header: 'Who',
                cell: (e) => (
                  <button
                    type="button"
                    class="link-button"
                    title="Show only this actor's entries"
                    onClick={() => setQuery({ actor: e.actor.id })}
                  >
                    {who(e)}
                  </button>
                ),
              },
              {
                header: 'What',
                cell: (e) => (
                  <button
                    type="button"
                    class="link-button"
                    title={`Show only ${e.action} entries`}
                    onClick={() => setQuery({ action: e.action })}
                  >
                    {actionInWords(e.action)}
                  </button>
                ),
              },
              {
                header: 'About',
                cell: (e) => {
                  const about = targetInWords(e.target, e.names);
                  return (
                    <span class="audit-target">
                      <button
                        type="button"
                        class="link-button"
                        title={`Show only entries about ${e.target}`}
                        onClick={() => setQuery({ target: e.target })}
                      >
                        {about.words}
                      </button>
                      {about.href && (
                        <>
                          {' '}
                          <Link href={about.href} aria-label={`Open ${about.words}`}>
                            Open
                          </Link>
                        </>
                      )}
                    </span>
                  );
                },
              },
              {
                header: 'Changes',
                cell: (e) => {
                  const lines = changesInWords(e.action, e.details, e.names);
                  return (
                    <div class="audit-details">
                      {lines.length > 0 ? (
                        <ul>
                          {lines.map((l) => (
                            <li key={l}>{l}</li>
                          ))}
                        </ul>
                      ) : (
                        '—'
                      )}
                      <RawDetails entry={e} />
                    </div>
                  );
                },
              },
            ]}
          />
          {log.data && <Pager total={log.data.total} page={page} pageSize={PAGE_SIZE} label="Audit log pages" />}
        </div>
      )}
    </section>
  );
}
