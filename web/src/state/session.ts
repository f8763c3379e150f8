/**
 * Who is signed in, and what they may do: `GET /api/auth/me` — the user, the school (its time zone
 * and currency), the effective permissions (exactly what the server checks) and the modules that are
 * on. Nothing but these decides what the console shows; the server still checks every call.
 */
import type { AnyPermission } from '@desk/contract';
import { computed, signal } from '@preact/signals';
import { logIn, logOut, whoIsSignedIn, type Me } from '../api/auth.js';

export type { Me };

/**
 * `unknown` while the first check runs; `signed-in`; `signed-out` (nobody, or after signing out);
 * `ended` (the session ended under the user: an expiry, a sign-out elsewhere, a deactivation).
 */
export type SessionState = 'unknown' | 'signed-in' | 'signed-out' | 'ended';

export const me = signal<Me | null>(null);
export const sessionState = signal<SessionState>('unknown');

const granted = computed(() => new Set(me.value?.permissions ?? []));

/**
 * Whether the signed-in user holds every one of these permissions (`module.x` included). The names
 * are the server's own list (@desk/contract): a misspelt one does not compile.
 */
export const can = (...required: AnyPermission[]): boolean => required.every((p) => granted.value.has(p));

/** Asks the server who is signed in (a 401 is an answer here: nobody). */
export async function loadSession(): Promise<void> {
  try {
    me.value = await whoIsSignedIn();
    sessionState.value = 'signed-in';
  } catch {
    me.value = null;
    sessionState.value = 'signed-out';
  }
}

/**
 * Signs in with e-mail and password; `school` (a slug) names the school when the host does not.
 * Resolves when signed in; rejects with the server's ApiError (wrong credentials, too many tries).
 */
export async function signIn(email: string, password: string, school?: string): Promise<void> {
  await logIn(email, password, school);
  await loadSession();
}

/** Ends the session on the server, then forgets everything this page knew (see main.tsx). */
export async function signOut(): Promise<void> {
  try {
    await logOut();
  } finally {
    me.value = null;
    sessionState.value = 'signed-out';
  }
}

const SCHOOL_KEY = 'desk-school';
const EMAIL_KEY = 'desk-email';

/**
 * What the sign-in form starts with: the school this browser last signed in to (kept, since a shared
 * address asks for it every time) and the e-mail address a setup link was just used for (this tab
 * only).
 */
export const signInHints = (): { school: string; email: string } => ({
  school: localStorage.getItem(SCHOOL_KEY) ?? '',
  email: sessionStorage.getItem(EMAIL_KEY) ?? '',
});

export function rememberSignIn(o: { school?: string; email?: string }): void {
  if (o.school) localStorage.setItem(SCHOOL_KEY, o.school);
  if (o.email) sessionStorage.setItem(EMAIL_KEY, o.email);
}
