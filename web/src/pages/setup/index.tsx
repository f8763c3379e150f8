/**
 * A setup link (an administrator's recovery link or a new user's invitation): `/setup#token=…`. The
 * token is read from the fragment (which never reaches a server log or a Referer header) and taken
 * out of the address bar at once; the new password is posted with it to `POST /api/auth/setup`.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, messageOf } from '../../api/client.js';
import { setPassword, type SetupDone } from '../../api/auth.js';
import { rememberSignIn } from '../../state/session.js';
import { TextField } from '../../ui/field.js';

const readToken = (): string | null => {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  return fromHash ?? new URLSearchParams(window.location.search).get('token');
};

export default function SetupPage() {
  const [token] = useState(readToken);
  const [error, setError] = useState<ApiError | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState<SetupDone | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Set your password · Desk';
    // Keep the token out of the address bar and the history once read.
    history.replaceState(null, '', '/setup');
  }, []);

  if (done) {
    return (
      <main id="main" class="gate">
        <h1>Your password is set</h1>
        <p>
          Sign in to {done.school.name} as {done.email} with the password you chose. If Desk asks for your school, its
          short name is <strong>{done.school.slug}</strong>.
        </p>
        <p>
          <a href="/" class="button primary">
            Sign in
          </a>
        </p>
      </main>
    );
  }
  if (!token) {
    return (
      <main id="main" class="gate">
        <h1>This link is incomplete</h1>
        <p>Open the whole link you were given (it ends with a long code), or ask for a new one.</p>
      </main>
    );
  }

  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const password = String(form.get('password') ?? '');
    // Each submit says only what is wrong now: an earlier refusal never outlives the next try.
    setError(null);
    setMismatch(password !== String(form.get('confirm') ?? ''));
    if (password !== String(form.get('confirm') ?? '')) return;
    setBusy(true);
    try {
      const answer = await setPassword(token, password);
      // The sign-in form then knows the school (a shared address asks for it) and the address.
      rememberSignIn({ school: answer.school.slug, email: answer.email });
      setDone(answer);
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'network', 'Failed', messageOf(err)));
    } finally {
      setBusy(false);
    }
  };

  const linkDead = error && error.fields.size === 0;
  return (
    <main id="main" class="gate">
      <h1>Set your password</h1>
      <p>Choose a password for your Desk account: at least 12 characters. This link works once.</p>
      {linkDead && (
        <p class="notice notice-error" role="alert">
          {messageOf(error)}
        </p>
      )}
      <form onSubmit={submit} novalidate>
        <TextField
          label="New password"
          name="password"
          type="password"
          autocomplete="new-password"
          minLength={12}
          error={error?.field('password')}
          // A message about the password is about the one refused: typing a new one takes it away.
          onInput={() => error?.field('password') && setError(null)}
          required
        />
        <TextField
          label="Repeat the password"
          name="confirm"
          type="password"
          autocomplete="new-password"
          error={mismatch ? 'The two passwords are not the same.' : undefined}
          onInput={() => mismatch && setMismatch(false)}
          required
        />
        <button type="submit" class="primary" disabled={busy}>
          Set password
        </button>
      </form>
    </main>
  );
}
