/** Where signing out lands: a fresh page load, so nothing of the session stays in memory. */
import { useEffect } from 'preact/hooks';

export default function SignedOut() {
  useEffect(() => {
    document.title = 'Signed out · Desk';
  }, []);
  return (
    <main id="main" class="gate">
      <h1>You have signed out</h1>
      <p>Nothing of your session is left in this tab.</p>
      <p>
        <a href="/" class="button primary">
          Sign in again
        </a>
      </p>
    </main>
  );
}
