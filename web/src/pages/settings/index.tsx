/** Settings: the user's own preferences, and the school's modules; administration for those who hold it. */
import { api } from '../../api/client.js';
import { me } from '../../state/session.js';
import { setTheme, theme, type ThemeChoice } from '../../theme.js';
import { SelectField } from '../../ui/field.js';
import { ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { useResource } from '../../ui/use-resource.js';

interface Modules {
  readonly modules: readonly { name: string; enabled: boolean }[];
}

export default function Settings() {
  const user = me.value!.user;
  const modules = useResource(() => api.get<Modules>('/api/modules'), []);
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
        <dd>{user.role}</dd>
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
      <h2>Your school's modules</h2>
      {modules.error ? (
        <ErrorNotice error={modules.error} onRetry={modules.reload} />
      ) : !modules.data ? (
        <Loading />
      ) : (
        <ul class="module-list">
          {modules.data.modules.map((m) => (
            <li key={m.name}>
              {m.name}: <span class={m.enabled ? 'badge badge-ok' : 'badge'}>{m.enabled ? 'on' : 'off'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
