/**
 * Single sign-on (`/settings/sso`, user.manage): the school's OpenID provider — its Google Workspace,
 * its Entra ID tenant or any OpenID Connect provider. The redirect URIs to register there come first
 * (an administrator registers Desk at the provider before setting it up here); then what is set, the
 * form to set or change it, and removing it. The client secret is written, never shown: left empty,
 * the stored one is kept. The server checks the provider's discovery document before it stores
 * anything, so a wrong issuer is a message beside the field.
 */
import { useState } from 'preact/hooks';
import { messageOf } from '../../../api/client.js';
import { removeSso, saveSso, ssoSettings, type SsoProvider } from '../../../api/sso.js';
import { formatInstant } from '../../../format.js';
import { confirm } from '../../../ui/confirm.js';
import { CopyField } from '../../../ui/copy.js';
import { listError } from '../../../ui/check-group.js';
import { CheckboxField, TextField } from '../../../ui/field.js';
import { FormProblem, useSubmit } from '../../../ui/form.js';
import { announce } from '../../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../../ui/page.js';
import { useResource } from '../../../ui/use-resource.js';
import '../admin.css';

export default function SsoSettingsPage() {
  const settings = useResource(ssoSettings, []);
  const data = settings.data;

  const remove = async () => {
    const yes = await confirm({
      title: 'Remove single sign-on?',
      message:
        'The "Sign in with" button goes, and everyone signs in with their password again (staff who never set one can be sent an invitation). Accounts linked to the provider stay linked, should you set it up again.',
      confirmLabel: 'Remove single sign-on',
      danger: true,
    });
    if (!yes) return;
    try {
      await removeSso();
      announce('Single sign-on removed');
    } catch (e) {
      announce(messageOf(e), 'error');
    }
    settings.reload();
  };

  return (
    <section>
      <PageHeader title="Single sign-on" />
      <p>
        Staff sign in with the school's own accounts: its Google Workspace, its Microsoft Entra ID tenant, or any OpenID
        Connect provider. Desk signs in only people who already have a Desk account here, matched by their verified
        e-mail address the first time and by their provider account after that.
      </p>
      {settings.error && !data ? (
        <ErrorNotice error={settings.error} onRetry={settings.reload} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <h2>Register Desk at your provider</h2>
          <p>
            Register Desk as a web application with these redirect URIs, then enter what the provider gives you below.
          </p>
          {data.redirectUris.map((uri) => (
            <CopyField key={uri} label={`Redirect URI for ${new URL(uri).host}`} value={uri} />
          ))}
          {data.sso && <Current sso={data.sso} onRemove={remove} />}
          <SsoForm key={data.sso?.updatedAt ?? 'new'} current={data.sso} onSaved={settings.reload} />
        </>
      )}
    </section>
  );
}

function Current(props: { sso: SsoProvider; onRemove: () => void }) {
  const { sso } = props;
  return (
    <>
      <h2>Current settings</h2>
      <dl class="facts">
        <dt>Button</dt>
        <dd>Sign in with {sso.label}</dd>
        <dt>Issuer</dt>
        <dd class="url-cell">{sso.issuer}</dd>
        <dt>Client ID</dt>
        <dd class="url-cell">{sso.clientId}</dd>
        <dt>Client secret</dt>
        <dd>Stored encrypted; never shown</dd>
        <dt>E-mail domains</dt>
        <dd>{sso.domains.length ? sso.domains.join(', ') : 'Any'}</dd>
        <dt>Passwords</dt>
        <dd>{sso.passwords === 'on' ? 'Everyone may also use a password' : 'Only school administrators'}</dd>
        <dt>Changed</dt>
        <dd>{formatInstant(sso.updatedAt)}</dd>
      </dl>
      <div class="form-buttons">
        <button type="button" class="danger" onClick={props.onRemove}>
          Remove single sign-on
        </button>
      </div>
    </>
  );
}

/** Setting the provider up, or changing it: every field sent each time, the secret only when typed. */
function SsoForm(props: { current: SsoProvider | null; onSaved: () => void }) {
  const { current } = props;
  const [issuer, setIssuer] = useState(current?.issuer ?? '');
  const [clientId, setClientId] = useState(current?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [label, setLabel] = useState(current?.label ?? '');
  const [domains, setDomains] = useState(current?.domains.join(', ') ?? '');
  const [passwords, setPasswords] = useState(current?.passwords !== 'off');
  const domainList = domains
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  const form = useSubmit(async () => {
    await saveSso({
      issuer: issuer.trim(),
      clientId: clientId.trim(),
      ...(clientSecret === '' ? {} : { clientSecret }),
      // Empty: the server names the button after the provider.
      ...(label.trim() === '' ? {} : { label: label.trim() }),
      domains: domainList,
      passwords: passwords ? 'on' : 'off',
    });
    setClientSecret('');
    announce('Single sign-on saved');
    props.onSaved();
  });
  return (
    <form class="admin-form" onSubmit={form.submit} novalidate>
      <h2>{current ? 'Change single sign-on' : 'Set up single sign-on'}</h2>
      <FormProblem form={form} />
      <TextField
        label="Issuer"
        type="url"
        hint="Google Workspace: https://accounts.google.com. Entra ID: https://login.microsoftonline.com/<tenant id>/v2.0 (never common or organizations)."
        value={issuer}
        onInput={(e: Event) => setIssuer((e.currentTarget as HTMLInputElement).value)}
        error={form.error('issuer')}
        required
        autocomplete="off"
        spellcheck={false}
      />
      <TextField
        label="Client ID"
        value={clientId}
        onInput={(e: Event) => setClientId((e.currentTarget as HTMLInputElement).value)}
        error={form.error('clientId')}
        required
        autocomplete="off"
        spellcheck={false}
      />
      <TextField
        label="Client secret"
        type="password"
        hint={current ? 'Leave empty to keep the stored secret.' : 'Stored encrypted; never shown again.'}
        value={clientSecret}
        onInput={(e: Event) => setClientSecret((e.currentTarget as HTMLInputElement).value)}
        error={form.error('clientSecret')}
        required={!current}
        autocomplete="new-password"
      />
      <TextField
        label="Button label"
        hint='The sign-in page shows "Sign in with" and this. Empty: the provider’s name.'
        value={label}
        onInput={(e: Event) => setLabel((e.currentTarget as HTMLInputElement).value)}
        error={form.error('label')}
        maxLength={60}
      />
      <TextField
        label="E-mail domains"
        hint="The school's domains, comma-separated (north.example, staff.north.example). Empty: any domain. Entra ID sends no email_verified: its addresses are taken only in these domains."
        value={domains}
        onInput={(e: Event) => setDomains((e.currentTarget as HTMLInputElement).value)}
        error={listError(form.error, 'domains', domainList.length)}
        autocomplete="off"
        spellcheck={false}
      />
      <CheckboxField
        label="Staff may also sign in with a password (school administrators always may)"
        checked={passwords}
        onChange={(e: Event) => setPasswords((e.currentTarget as HTMLInputElement).checked)}
      />
      <div class="form-buttons">
        <button type="submit" class="primary" disabled={form.busy}>
          {form.busy ? 'Checking the provider…' : 'Save single sign-on'}
        </button>
      </div>
    </form>
  );
}
