/**
 * Signing in and out, who is signed in, the school a sign-in page is for, and an administrator's
 * first password (setup). A 401 is an answer on these routes, not a session that ended. Types from
 * the console API's declarations (console-api.gen.ts).
 */
import { api, call } from './client.js';
import type { SetupDone, SignedIn, SignedInUser, SignInSchool } from './console-api.gen.js';

/** The signed-in user, their school, their effective permissions and the modules that are on. */
export type Me = SignedInUser;
export type { SetupDone, SignInSchool };

export const whoIsSignedIn = () => call('get', '/api/auth/me', { expect401: true });

/** `school` (a slug) names the school when the host does not. */
export const logIn = (email: string, password: string, school?: string) =>
  api.post<SignedIn>(
    '/api/auth/login',
    { email, password },
    { expect401: true, headers: school ? { 'x-tenant-slug': school } : {} },
  );

export const logOut = () => call('post', '/api/auth/logout', { expect401: true });

/** The school this address belongs to, if any, and whether it signs in with a provider. */
export const schoolHere = () => call('get', '/api/auth/school', { expect401: true });

export const setPassword = (token: string, password: string) =>
  call('post', '/api/auth/setup', { body: { token, password }, expect401: true });
