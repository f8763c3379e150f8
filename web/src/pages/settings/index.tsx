/** Settings: the user's own preferences, and the school's modules; administration for those who hold it. */
import { moduleName, roleName } from '../../words.js';
import { useContext, useState } from 'preact/hooks';
import { messageOf } from '../../api/client.js';
import { listModules, setModules, type ModuleName, type Modules } from '../../api/modules.js';
import { PageRoutes, type PageRoute } from '../../page-props.js';
import { Link } from '../../router.js';
import { loadSession, me } from '../../state/session.js';
import { setTheme, theme, type ThemeChoice } from '../../theme.js';
import { confirm } from '../../ui/confirm.js';
import { CheckboxField, SelectField } from '../../ui/field.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { useResource } from '../../ui/use-resource.js';
import '../../ui/check-group.css';
import './admin.css';

/** The administration pages the signed-in user is offered here, in order. */
const settingsPages = (routes: readonly PageRoute[]): PageRoute[] =>
  routes.filter((r) => r.settings && (r.allowed?.() ?? true)).sort((a, b) => a.settings!.order - b.settings!.order);

export default function Settings() {
  const user = me.value!.user;
  const modules = useResource(() => listModules(), []);
  const administration = settingsPages(useContext(PageRoutes));
  return (
    <section>
      <PageHeader title="Settings" />
      <h2>You</h2>
      <dl class="facts">
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
        <dt>Role</dt>
        <dd>{roleName(user.role)}</dd>
      </dl>
      <SelectField
        label="Colour theme"
        value={theme.value}
        onChange={(e: Event) => setTheme((e.currentTarget as HTMLSelectElement).value as ThemeChoice)}
        choices={[
          { value: 'system', label: 'As the system' },
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
        ]}
      />
      {administration.length > 0 && (
        <>
          <h2>Administration</h2>
          <ul class="settings-links">
            {administration.map((r) => (
              <li key={r.path}>
                <Link href={r.path}>{r.settings!.label}</Link>
                <span class="settings-link-description"> — {r.settings!.description}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>Your school's modules</h2>
      {modules.error ? (
        <ErrorNotice error={modules.error} onRetry={modules.reload} />
      ) : !modules.data ? (
        <Loading />
      ) : modules.data.changeable ? (
        <ModuleSwitches modules={modules.data.modules} onChanged={modules.reload} />
      ) : (
        <ul class="module-list">
          {modules.data.modules.map((m) => (
            <li key={m.name}>
              {moduleName(m.name)}:{' '}
              <span class={m.enabled ? 'badge badge-ok' : 'badge'}>{m.enabled ? 'on' : 'off'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What each module gives the school, beside its switch. */
const MODULE_HELP: Readonly<Record<string, string>> = {
  integrations: 'API keys and MCP clients (off: every key stops)',
  people: 'pupils and staff',
  loans: 'the loan pool, the inventory and the scan desk',
  repairs: 'repair requests',
  servicedesk: 'tickets',
  assets: 'devices',
  costs: 'repair and device costs',
  events: 'live updates and webhooks',
};

/**
 * The modules as switches, for school administrators: each change is sent at once (`PUT
 * /api/modules` with the whole list that is on); turning one off is confirmed, as it takes pages and
 * tools away from everyone. The session is read again after, so the navigation follows.
 */
function ModuleSwitches(props: { modules: Modules['modules']; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  // What is on as this page last asked for it: the boxes follow at once, not after the reload.
  const [on, setOn] = useState(() => new Set(props.modules.filter((m) => m.enabled).map((m) => m.name)));
  const flip = async (name: ModuleName, wanted: boolean, box: HTMLInputElement) => {
    if (!wanted) {
      const yes = await confirm({
        title: `Turn ${moduleName(name)} off?`,
        message: `Everyone in the school loses ${MODULE_HELP[name] ?? name} at once, in the console and through keys. Nothing is deleted: turning it on again brings it back.`,
        confirmLabel: `Turn ${moduleName(name)} off`,
        danger: true,
      });
      if (!yes) {
        box.checked = true;
        return;
      }
    }
    const before = on;
    const next = new Set(on);
    if (wanted) next.add(name);
    else next.delete(name);
    setOn(next);
    setBusy(true);
    try {
      await setModules(props.modules.map((m) => m.name).filter((m) => next.has(m)));
      announce(`${moduleName(name)} is ${wanted ? 'on' : 'off'}`);
      await loadSession();
    } catch (e) {
      setOn(before);
      announce(messageOf(e), 'error');
    } finally {
      setBusy(false);
      props.onChanged();
    }
  };
  return (
    <fieldset class="check-group" aria-busy={busy ? 'true' : undefined}>
      <legend>Modules that are on</legend>
      <ul class="module-switches">
        {props.modules.map((m) => (
          <li key={m.name}>
            <CheckboxField
              label={`${moduleName(m.name)} — ${MODULE_HELP[m.name] ?? ''}`}
              checked={on.has(m.name)}
              onChange={(e: Event) => {
                const box = e.currentTarget as HTMLInputElement;
                // One change at a time (not disabled meanwhile: that would take the keyboard's focus away).
                if (busy) return void (box.checked = !box.checked);
                void flip(m.name, box.checked, box);
              }}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
