/**
 * The consent page of Desk's OAuth authorization server (`/authorize?request=<id>`): an app (an AI
 * assistant's connector, a desktop client) asks to act as the signed-in person. It shows the app's
 * name (and, for an app known by its metadata document, that document's host, who vouches for the
 * name), where the person goes back to, the school, and in words what the app would get; two buttons,
 * Allow and Deny. Either answer sends the browser back to the app.
 *
 * Outside the console's frame, like sign-in: signed out, the sign-in page comes first (password or the
 * school's provider) and this page follows. A request the server refused before asking anyone (an
 * unknown app, a redirect address it never registered: `?error=…&reason=…`) is shown here and goes
 * nowhere, in Desk's own words for its reason: anyone can send a person a link to this page, so it
 * never shows text from its address (an `error_description` there is ignored).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../api/client.js';
import { authorizationRefusalMessage, decideConsent, getConsentRequest } from '../../api/oauth.js';
import { query } from '../../router.js';
import { sessionState } from '../../state/session.js';
import { Loading } from '../../ui/page.js';
import { useResource } from '../../ui/use-resource.js';
import SignIn from '../sign-in/index.js';
import './authorize.css';

export default function AuthorizePage() {
  if (query.value.get('error')) return <Refused message={authorizationRefusalMessage(query.value.get('reason'))} />;
  const state = sessionState.value;
  if (state === 'unknown') return <Loading label="Opening Desk…" />;
  if (state !== 'signed-in') return <SignIn ended={state === 'ended'} />;
  const id = query.value.get('request');
  if (!id) return <Refused message="This address is incomplete: start again from the app." />;
  return <Consent id={id} />;
}

function Refused(props: { message: string }) {
  useEffect(() => {
    document.title = 'Cannot connect the app · Desk';
  }, []);
  return (
    <main id="main" class="gate">
      <h1>This app cannot be connected</h1>
      <p role="alert" class="notice notice-error">
        {props.message}
      </p>
      <p>Nothing was shared. Tell whoever set the app up what this page says; you can close it.</p>
    </main>
  );
}

function Consent(props: { id: string }) {
  const loaded = useResource(() => getConsentRequest(props.id), [props.id]);
  const request = loaded.data;
  // A decision that failed; until one is made, the request's own failure to load.
  const [failed, setError] = useState<unknown>(null);
  const error = failed ?? loaded.error;
  const [busy, setBusy] = useState<'allow' | 'deny' | null>(null);

  useEffect(() => {
    document.title = 'Allow an app · Desk';
  }, []);

  if (error && !request) {
    const gone = error instanceof ApiError && (error.status === 404 || error.status === 409);
    return (
      <main id="main" class="gate">
        <h1>{gone ? 'This request is no longer open' : 'The request cannot be shown'}</h1>
        <p role="alert" class="notice notice-error">
          {gone
            ? 'It was already answered, has expired, or belongs to another school. Start again from the app.'
            : messageOf(error)}
        </p>
      </main>
    );
  }
  if (!request) return <Loading label="Reading the request…" />;

  const answer = async (decision: 'allow' | 'deny') => {
    setBusy(decision);
    setError(null);
    try {
      // The app's address: a full load, since it is not the console's.
      window.location.assign(await decideConsent(request.id, decision));
    } catch (e) {
      setError(e);
      setBusy(null);
    }
  };

  return (
    <main id="main" class="gate consent">
      <h1>
        Allow <span class="consent-app">{request.client.name}</span> to use Desk as you?
      </h1>
      {request.client.host && (
        <p class="consent-from">
          The app's description comes from <strong>{request.client.host}</strong>.
        </p>
      )}
      <p>
        It would act as you at <strong>{request.school.name}</strong>, and could:
      </p>
      {request.scopes.length === 0 ? (
        <p class="notice">Nothing: it asks for nothing you may do. It could connect, but would see no tools.</p>
      ) : (
        <ul class="consent-scopes">
          {request.scopes.map((s) => (
            <li key={s.name}>{s.description}</li>
          ))}
        </ul>
      )}
      <p class="consent-note">
        Only while you may do these yourself: if your role changes, so does what it can do. You can disconnect it at any
        time under Settings → Connected apps.
      </p>
      {!request.integrationsEnabled && (
        <p class="notice">
          Your school has not turned on integrations yet, so the app will not be able to connect until it does.
        </p>
      )}
      {error ? (
        <p role="alert" class="notice notice-error">
          {messageOf(error)}
        </p>
      ) : null}
      <div class="consent-buttons">
        <button type="button" class="primary" disabled={busy !== null} onClick={() => answer('allow')}>
          {busy === 'allow' ? 'Allowing…' : 'Allow'}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => answer('deny')}>
          {busy === 'deny' ? 'Denying…' : 'Deny'}
        </button>
      </div>
      <p class="consent-note">
        Either way, you go back to <strong>{request.redirectHost}</strong>.
      </p>
    </main>
  );
}
