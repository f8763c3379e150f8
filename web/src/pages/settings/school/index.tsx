/**
 * The school (`/settings/school`, school administrators): its name, time zone, currency and host
 * names, saved together; the server's message for a field is shown beside it (a host name, by its
 * line). The short name (slug) is shown, not changed: every address and sign-in names it. After a
 * save the session is read again, so the header, dates and money follow at once.
 */
import { useState } from 'preact/hooks';
import { getSchool, updateSchool, type School } from '../../../api/school.js';
import { loadSession } from '../../../state/session.js';
import { TextArea, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../../ui/page.js';
import { useResource } from '../../../ui/use-resource.js';
import '../admin.css';

export default function SchoolSettingsPage() {
  const school = useResource(getSchool, []);
  return (
    <section>
      <PageHeader title="School" />
      {school.error && !school.data ? (
        <ErrorNotice error={school.error} onRetry={school.reload} />
      ) : !school.data ? (
        <Loading />
      ) : (
        <SchoolForm current={school.data.school} onSaved={school.reload} />
      )}
    </section>
  );
}

/** One host name a line; blank lines are not host names. */
const hostLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function SchoolForm(props: { current: School['school']; onSaved: () => void }) {
  const { current } = props;
  const [name, setName] = useState(current.name);
  const [timeZone, setTimeZone] = useState(current.timeZone);
  const [currency, setCurrency] = useState(current.currency);
  const [hosts, setHosts] = useState(current.hosts.join('\n'));
  const form = useSubmit(async () => {
    await updateSchool({ name, timeZone, currency, hosts: hostLines(hosts) });
    announce('School saved');
    await loadSession();
    props.onSaved();
  });
  const input = (set: (v: string) => void) => (e: Event) => set((e.currentTarget as HTMLInputElement).value);
  const hostError =
    form.error('hosts') ??
    hostLines(hosts)
      .map((_, i) => form.error(`hosts.${i}`))
      .find(Boolean);
  return (
    <form class="admin-form" onSubmit={form.submit} novalidate>
      <FormProblem form={form} />
      <p>
        Short name: <strong>{current.slug}</strong> (it is in every address and sign-in, so it does not change).
      </p>
      <TextField label="Name" value={name} onInput={input(setName)} error={form.error('name')} maxLength={200} />
      <TextField
        label="Time zone"
        hint="Where the school is, as an IANA name such as Europe/London: dates, times and due dates follow it."
        value={timeZone}
        onInput={input(setTimeZone)}
        error={form.error('timeZone')}
        autocomplete="off"
      />
      <TextField
        label="Currency"
        hint="The ISO 4217 code of the school's money, such as EUR or GBP."
        value={currency}
        onInput={input(setCurrency)}
        error={form.error('currency')}
        maxLength={3}
        autocomplete="off"
      />
      <TextArea
        label="Host names"
        hint="The addresses staff open Desk at, one a line (desk.school.example). A host name removed stops working within seconds."
        value={hosts}
        onInput={(e: Event) => setHosts((e.currentTarget as HTMLTextAreaElement).value)}
        error={hostError}
        rows={3}
      />
      <div class="form-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save school'}
        </button>
      </div>
    </form>
  );
}
