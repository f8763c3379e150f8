/**
 * Reminders (`/settings/reminders`, user.manage): whether Desk e-mails the holders of overdue loans
 * (and a pupil's guardians), when the first goes, how often after that and how many at most, an
 * address that gets a blind copy of each, words added to every message, and the day-before
 * reminder. Saved whole; the server's message for a field is shown beside it.
 */
import { useState } from 'preact/hooks';
import { reminderSettings, saveReminderSettings, type RemindersSettings } from '../../../api/reminders.js';
import { CheckboxField, TextArea, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../../ui/page.js';
import { useResource } from '../../../ui/use-resource.js';
import '../admin.css';

export default function RemindersSettingsPage() {
  const settings = useResource(reminderSettings, []);
  return (
    <section>
      <PageHeader title="Reminders" />
      <p>
        Each morning Desk e-mails the holder of every overdue loan and, for a pupil, each guardian with an e-mail
        address. Guardians and the copy address are blind copies: nobody sees another's address. The loan desk can also
        send one from a loan's page ("Remind now").
      </p>
      {settings.error && !settings.data ? (
        <ErrorNotice error={settings.error} onRetry={settings.reload} />
      ) : !settings.data ? (
        <Loading />
      ) : (
        <RemindersForm current={settings.data} onSaved={settings.reload} />
      )}
    </section>
  );
}

const wholeNumber = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function RemindersForm(props: { current: RemindersSettings; onSaved: () => void }) {
  const { current } = props;
  const [enabled, setEnabled] = useState(current.enabled);
  const [firstAfterDays, setFirstAfterDays] = useState(String(current.firstAfterDays));
  const [everyDays, setEveryDays] = useState(String(current.everyDays));
  const [maxReminders, setMaxReminders] = useState(String(current.maxReminders));
  const [copyTo, setCopyTo] = useState(current.copyTo ?? '');
  const [text, setText] = useState(current.text ?? '');
  const [dueSoon, setDueSoon] = useState(current.dueSoon);
  const form = useSubmit(async () => {
    await saveReminderSettings({
      enabled,
      firstAfterDays: wholeNumber(firstAfterDays),
      everyDays: wholeNumber(everyDays),
      maxReminders: wholeNumber(maxReminders),
      copyTo: copyTo.trim() === '' ? null : copyTo.trim(),
      text: text.trim() === '' ? null : text,
      dueSoon,
    });
    announce('Reminders saved');
    props.onSaved();
  });
  const input = (set: (v: string) => void) => (e: Event) => set((e.currentTarget as HTMLInputElement).value);
  return (
    <form class="admin-form" onSubmit={form.submit} novalidate>
      <FormProblem form={form} />
      <CheckboxField
        label="E-mail reminders of overdue loans every morning"
        checked={enabled}
        onChange={(e: Event) => setEnabled((e.currentTarget as HTMLInputElement).checked)}
      />
      <TextField
        label="First reminder, days after the due date"
        hint="0 to 90; 0 sends it on the due date itself."
        inputMode="numeric"
        value={firstAfterDays}
        onInput={input(setFirstAfterDays)}
        error={form.error('firstAfterDays')}
      />
      <TextField
        label="Then every (days)"
        hint="1 to 90."
        inputMode="numeric"
        value={everyDays}
        onInput={input(setEveryDays)}
        error={form.error('everyDays')}
      />
      <TextField
        label="Reminders per loan at most"
        hint="0 to 20; 0 sends only the day-before reminder and those sent with Remind now."
        inputMode="numeric"
        value={maxReminders}
        onInput={input(setMaxReminders)}
        error={form.error('maxReminders')}
      />
      <CheckboxField
        label="Also remind the day before the due date"
        checked={dueSoon}
        onChange={(e: Event) => setDueSoon((e.currentTarget as HTMLInputElement).checked)}
      />
      <TextField
        label="Copy to"
        type="email"
        hint="An address that gets a blind copy of every reminder (the office, say). Empty: none."
        value={copyTo}
        onInput={input(setCopyTo)}
        error={form.error('copyTo')}
        autocomplete="off"
      />
      <TextArea
        label="Added to every reminder"
        hint="Where and when to bring the device back, up to 1,000 characters. Each message already says the loan group."
        value={text}
        onInput={(e: Event) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        error={form.error('text')}
        maxLength={1000}
        rows={4}
      />
      <div class="form-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save reminders'}
        </button>
      </div>
    </form>
  );
}
