/**
 * Signing in: e-mail and password, and the school's short name when this address does not identify
 * one (`GET /api/auth/school`). After signing in the user stays where they were going: the address
 * they opened, or the page they were on when the session ended.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, messageOf } from '../../api/client.js';
import { rememberSignIn, signIn, signInHints } from '../../state/session.js';
import { TextField } from '../../ui/field.js';

export default function SignIn(props: { ended?: boolean }) {
  const [needsSchool, setNeedsSchool] = useState<boolean | null>(null);
  const [schoolName, setSchoolName] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [showForm, setShowForm] = useState(!props.ended);
  const email = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = 'Sign in · Desk';
    api.get<{ school: { slug: string; name: string } | null }>('/api/auth/school', undefined, { expect401: true }).then(
      (r) => {
        setNeedsSchool(r.school === null);
        setSchoolName(r.school?.name ?? null);
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

  const wrong = error && error.status === 401;
  return (
    <main id="main" class="gate">
      <h1>Sign in to Desk</h1>
      {schoolName && <p class="gate-school">{schoolName}</p>}
      {error && (
        <p class="notice notice-error" role="alert">
          {wrong ? 'That e-mail address and password do not match. Try again.' : messageOf(error)}
        </p>
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
              error={error?.field('x-tenant-slug')}
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
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      )}
    </main>
  );
}
