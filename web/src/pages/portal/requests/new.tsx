/**
 * A new request (`/portal/requests/new`): what is wrong in a line, what happened, what it is about
 * (when the school has categories), for a teacher who it is for (themselves or one of their pupils),
 * and photos or files, each sent once the request is made. Then on to the request's page.
 */
import { useState } from 'preact/hooks';
import { openRequest } from '../../../api/portal.js';
import { Link, navigate } from '../../../router.js';
import { portalMe } from '../../../state/portal.js';
import { SelectField, TextArea, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { attachAll, fieldProblem, FilesField, PortalHeader, tooBig } from '../parts.js';

export default function NewRequest() {
  const me = portalMe.value!;
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [forPersonId, setForPersonId] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const form = useSubmit(async () => {
    if (!subject.trim()) throw fieldProblem('subject', 'Say in a few words what is wrong');
    if (!body.trim()) throw fieldProblem('body', 'Tell us a bit more about it');
    const big = tooBig(files);
    if (big) throw fieldProblem('files', big);
    const { ticket } = await openRequest({
      subject: subject.trim(),
      body: body.trim(),
      ...(categoryId ? { categoryId } : {}),
      ...(forPersonId ? { forPersonId } : {}),
    });
    const failed = files.length > 0 ? await attachAll(ticket.id, files) : [];
    announce(`Request #${ticket.number} sent`);
    if (failed.length > 0) announce(`Not every file was added: ${failed.join(' ')}`, 'error');
    navigate(`/portal/requests/${encodeURIComponent(ticket.id)}`);
  });
  const change = (set: (value: string) => void) => (e: Event) => {
    set((e.currentTarget as HTMLInputElement).value);
    form.reset();
  };

  return (
    <section>
      <PortalHeader title="New request">
        <Link href="/portal">My requests</Link>
      </PortalHeader>
      <form class="portal-form" onSubmit={form.submit} noValidate>
        <TextField
          label="What is wrong?"
          hint="In a few words, for example: My laptop will not turn on"
          value={subject}
          maxLength={200}
          onInput={change(setSubject)}
          error={form.error('subject')}
        />
        <TextArea
          label="Tell us more"
          hint="What happened, when, and what you tried. The more we know, the faster we can help."
          value={body}
          maxLength={10000}
          onInput={change(setBody)}
          error={form.error('body')}
        />
        {me.categories.length > 0 && (
          <SelectField
            label="What is it about? (optional)"
            value={categoryId}
            onChange={change(setCategoryId)}
            choices={[{ value: '', label: 'Not sure' }, ...me.categories.map((c) => ({ value: c.id, label: c.name }))]}
            error={form.error('categoryId')}
          />
        )}
        {me.pupils.length > 0 && (
          <SelectField
            label="Who is it for?"
            value={forPersonId}
            onChange={change(setForPersonId)}
            choices={[
              { value: '', label: `Me (${me.person.name})` },
              ...me.pupils.map((p) => ({ value: p.id, label: p.userGroup ? `${p.name} (${p.userGroup})` : p.name })),
            ]}
            hint="You may ask for one of the pupils who has a loaner from your groups."
            error={form.error('forPersonId')}
          />
        )}
        <FilesField id="portal-request-files" files={files} onChange={setFiles} error={form.error('files')} />
        <FormProblem form={form} />
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Sending…' : 'Send request'}
        </button>
      </form>
    </section>
  );
}
