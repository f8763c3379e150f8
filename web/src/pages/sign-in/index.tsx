/**
 * Signing in: e-mail and password, and the school's short name when this address does not identify
 * one (`GET /api/auth/school`). A school with an OpenID provider offers "Sign in with <label>" on its
 * own address; a shared address offers single sign-on once the school is typed. After signing in the
 * user stays where they were going: the address they opened, or the page they were on when the
 * session ended. A refused single sign-on comes back here with `?sso=<reason>`, said in words.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../api/client.js';
import { schoolHere } from '../../api/auth.js';
import { SSO_REFUSAL_PARAM, ssoRefusalMessage, ssoStartUrl } from '../../api/sso.js';
import { location, navigate } from '../../router.js';
import { rememberSignIn, signIn, signInHints } from '../../state/session.js';
import { TextField } from '../../ui/field.js';

/** The address to come back to after signing in elsewhere: here, without a refusal's reason. */
function hereWithoutRefusal(): string {
  const params = new URLSearchParams(location.value.search);
  params.delete(SSO_REFUSAL_PARAM);
  const qs = params.toString();
  return location.value.path + (qs ? `?${qs}` : '');
}

export default function SignIn(props: { ended?: boolean }) {
  const [needsSchool, setNeedsSchool] = useState<boolean | null>(null);
  const [schoolName, setSchoolName] = useState<string | null>(null);
  const [sso, setSso] = useState<{ label: string } | null>(null);
  // Read once: the reason is taken out of the address bar at once, so a reload does not repeat it.
  const [refusal] = useState(() =>
    ssoRefusalMessage(new URLSearchParams(location.value.search).get(SSO_REFUSAL_PARAM)),
  );
  const [error, setError] = useState<ApiError | null>(null);
  const [schoolError, setSchoolError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [showForm, setShowForm] = useState(!props.ended);
  const email = useRef<HTMLInputElement>(null);
  const school = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = 'Sign in · Desk';
    if (new URLSearchParams(location.value.search).has(SSO_REFUSAL_PARAM)) {
      navigate(hereWithoutRefusal(), { replace: true });
    }
    schoolHere().then(
      (r) => {
        setNeedsSchool(r.school === null);
        setSchoolName(r.school?.name ?? null);
        setSso(r.school?.sso ?? null);
      },
      () => setNeedsSchool(true),
    );
  }, []);
  useEffect(() => {
    if (showForm && needsSchool !== null) email.current?.focus();
  }, [showForm, needsSchool]);

  if (!showForm) {
    return (
      <main id="main" class="gate">
        <h1>You have been signed out</h1>
        <p>Your session ended (it timed out, or you signed out elsewhere). Sign in again to carry on where you were.</p>
        <button type="button" class="primary" onClick={() => setShowForm(true)}>
          Sign in again
        </button>
      </main>
    );
  }

  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const school = needsSchool ? String(form.get('school') ?? '').trim() : undefined;
    setBusy(true);
    setError(null);
    try {
      await signIn(String(form.get('email') ?? ''), String(form.get('password') ?? ''), school);
      rememberSignIn({ school });
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'network', 'Sign-in failed', messageOf(err)));
    } finally {
      setBusy(false);
    }
  };

  // On a shared address the school is typed first: single sign-on then starts for that school (which
  // answers alike whether it is unknown or has no provider, so nothing is revealed here either).
  const startSsoForTypedSchool = () => {
    const typed = school.current?.value.trim() ?? '';
    if (!typed) {
      setSchoolError("Enter your school's short name first");
      school.current?.focus();
      return;
    }
    rememberSignIn({ school: typed });
    window.location.assign(ssoStartUrl({ school: typed, returnTo: hereWithoutRefusal() }));
  };

  const wrong = error && error.status === 401;
  return (
    <main id="main" class="gate">
      <h1>Sign in to Desk</h1>
      {schoolName && <p class="gate-school">{schoolName}</p>}
      {refusal && !error && (
        <p class="notice notice-error" role="alert">
          {refusal}
        </p>
      )}
      {error && (
        <p class="notice notice-error" role="alert">
          {wrong ? 'That e-mail address and password do not match. Try again.' : messageOf(error)}
        </p>
      )}
      {sso && (
        <div class="gate-sso">
          <a class="button primary" href={ssoStartUrl({ returnTo: hereWithoutRefusal() })}>
            Sign in with {sso.label}
          </a>
          <p class="gate-or">or with your e-mail address and password:</p>
        </div>
      )}
      {needsSchool === null ? null : (
        <form onSubmit={submit} novalidate>
          {needsSchool && (
            <TextField
              label="School"
              name="school"
              autocomplete="organization"
              hint="Your school's short name in Desk, e.g. north-high"
              defaultValue={signInHints().school}
              ref={school}
              error={schoolError ?? error?.field('x-tenant-slug')}
              onInput={() => setSchoolError(undefined)}
              required
            />
          )}
          <TextField
            label="Email"
            name="email"
            type="email"
            autocomplete="username"
            defaultValue={signInHints().email}
            ref={email}
            error={error?.field('email')}
            required
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autocomplete="current-password"
            error={error?.field('password')}
            required
          />
          <button type="submit" class={sso ? undefined : 'primary'} disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          {needsSchool && (
            <p class="gate-or">
              Or, if your school signs you in with its own account (Google, Microsoft…):{' '}
              <button type="button" onClick={startSsoForTypedSchool}>
                Use your school's account
              </button>
            </p>
          )}
        </form>
      )}
    </main>
  );
}
