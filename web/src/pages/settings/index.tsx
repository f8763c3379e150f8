/** Settings: the user's own preferences; the school's administration for those who hold it. */
import { me } from '../../state/session.js';
import { setTheme, theme, type ThemeChoice } from '../../theme.js';
import { SelectField } from '../../ui/field.js';
import { PageHeader } from '../../ui/page.js';

export default function Settings() {
  const user = me.value!.user;
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
    </section>
  );
}
