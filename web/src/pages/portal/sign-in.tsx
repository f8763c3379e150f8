/**
 * Signing in to the portal, and the landing of the link e-mailed for it (`/portal/sign-in`).
 *
 * The link is `/portal/sign-in[?school=slug]#token=…`: the token is in the fragment, which no
 * browser sends to a server (so it stays out of logs), and is spent here by POST (which a mail
 * scanner following links never does). It is taken out of the address bar at once, spent, and the
 * person lands on the portal's first page.
 *
 * Anyone else not signed in gets the form, at whatever portal address they opened: their e-mail
 * address for a link (the answer is the same whether or not the address is known), and "Sign in
 * with <provider>" when the school has single sign-on, which comes back to the same address (with
 * `?sso=<reason>` when refused, said in words). The school is the address's own, or `?school=` on a
 * shared address, or typed.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import { schoolHere } from '../../api/auth.js';
import { askForSignInLink, portalSsoStartUrl, signInWithLink } from '../../api/portal.js';
import { SSO_REFUSAL_PARAM, ssoRefusalMessage } from '../../api/sso.js';
import { PORTAL, PORTAL_SIGN_IN } from '../../portal-paths.js';
import { location, navigate, query } from '../../router.js';
import { loadPortal, portalRefusal, portalState } from '../../state/portal.js';
import { rememberSignIn, signInHints } from '../../state/session.js';
import { TextField } from '../../ui/field.js';
import { FormProblem, useSubmit } from '../../ui/form.js';
import { Loading } from '../../ui/page.js';
import { useResource } from '../../ui/use-resource.js';
import { fieldProblem, sentence } from './parts.js';

/** The link's token, taken out of the address bar as it is read: a reload or a copy never carries it. */
function takeToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (window.location.hash) history.replaceState(null, '', window.location.pathname + window.location.search);
  return token || null;
}

/** This address without what was said once (a refusal's reason, "signed out"). */
function hereWithout(...params: string[]): string {
  const kept = new URLSearchParams(location.value.search);
  for (const p of params) kept.delete(p);
  const qs = kept.toString();
  return location.value.path + (qs ? `?${qs}` : '');
}

/** Where single sign-on comes back to: the page asked for, or the portal's start from the sign-in page. */
const returnTo = () => {
  const back = hereWithout(SSO_REFUSAL_PARAM, 'out');
  return back.startsWith(PORTAL_SIGN_IN) ? PORTAL : back;
};

export default function PortalSignIn() {
  const [token] = useState(takeToken);
  const [spending, setSpending] = useState(token !== null);
  const [linkFailed, setLinkFailed] = useState<ApiError | null>(null);
  useEffect(() => {
    if (token === null) return;
    signInWithLink(token).then(
      async () => {
        await loadPortal();
        navigate(PORTAL, { replace: true });
      },
      (e: unknown) => {
        setLinkFailed(e instanceof ApiError ? e : new ApiError(0, 'network', '', String(e)));
        setSpending(false);
      },
    );
  }, [token]);

  // Signed in already (a reload of this page, a second tab): on to the portal.
  const state = portalState.value;
  useEffect(() => {
    if (!spending && state === 'signed-in' && location.value.path === PORTAL_SIGN_IN)
      navigate(PORTAL, { replace: true });
  }, [spending, state]);

  if (spending) {
    return (
      <main id="main" class="gate">
        <h1>Signing you in…</h1>
        <Loading label="One moment…" />
      </main>
    );
  }
  if (state === 'unknown' || state === 'signed-in') return <Loading label="Opening…" />;
  return <SignInForm linkFailed={linkFailed} />;
}

function SignInForm(props: { linkFailed: ApiError | null }) {
  const school = useResource(() => schoolHere().then((r) => r.school), []);
  const hostSchool = school.data ?? null;
  const given = query.value.get('school') ?? '';
  // The school's short name is typed only on a shared address that does not name it.
  const needsSchool = school.data === undefined && school.error === undefined ? null : !hostSchool && !given;
  // Read once: what the address said is taken out of it at once, so a reload does not say it again.
  const [said] = useState(() => ({
    refusal: ssoRefusalMessage(query.value.get(SSO_REFUSAL_PARAM)),
    signedOut: query.value.has('out'),
  }));
  useEffect(() => {
    document.title = 'Sign in · IT help';
    if (query.value.has(SSO_REFUSAL_PARAM) || query.value.has('out')) {
      navigate(hereWithout(SSO_REFUSAL_PARAM, 'out'), { replace: true });
    }
  }, []);
  const [email, setEmail] = useState(signInHints().email);
  const [typedSchool, setTypedSchool] = useState(signInHints().school);
  const [sent, setSent] = useState<string | null>(null);
  const [schoolError, setSchoolError] = useState<string | undefined>(undefined);
  const emailField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (needsSchool !== null && sent === null) emailField.current?.focus();
  }, [needsSchool, sent]);

  const slug = () => (needsSchool ? typedSchool.trim() : given) || undefined;
  const form = useSubmit(async () => {
    if (needsSchool && !typedSchool.trim()) throw fieldProblem('school', "Type your school's short name");
    if (!email.trim()) throw fieldProblem('email', 'Type your school e-mail address');
    try {
      const answer = await askForSignInLink(email.trim(), hostSchool ? undefined : slug());
      if (needsSchool) rememberSignIn({ school: typedSchool.trim() });
      setSent(answer.message);
    } catch (e) {
      if (e instanceof ApiError && e.status === 429) {
        throw new ApiError(
          429,
          e.kind,
          e.title,
          'Lots of sign-in links were asked for from here. Wait a few minutes, then try again.',
        );
      }
      throw e;
    }
  });

  const sso = hostSchool?.sso ?? null;
  // On the school's own address the page knows what the school allows; a shared address offers both.
  const portalOff = hostSchool !== null && !hostSchool.portal.enabled;
  const links = hostSchool === null || hostSchool.portal.signInLinks;
  const ssoFromTypedSchool = () => {
    const typed = slug();
    if (!typed) {
      setSchoolError("Type your school's short name first");
      document.getElementById('portal-school')?.focus();
      return;
    }
    if (needsSchool) rememberSignIn({ school: typed });
    window.location.assign(portalSsoStartUrl({ school: typed, returnTo: returnTo() }));
  };

  return (
    <main id="main" class="gate portal-gate">
      <h1>Sign in to get IT help</h1>
      {hostSchool && <p class="gate-school">{hostSchool.name}</p>}
      {said.signedOut && (
        <p class="notice" role="status">
          You have signed out.
        </p>
      )}
      {said.refusal && (
        <p class="notice notice-error" role="alert">
          {said.refusal}
        </p>
      )}
      {portalRefusal.value && (
        <p class="notice notice-error" role="alert">
          {sentence(portalRefusal.value)}
        </p>
      )}
      {props.linkFailed && (
        <p class="notice notice-error" role="alert">
          {props.linkFailed.status === 401
            ? 'This sign-in link does not work any more: it was used already, or it is more than 15 minutes old. Ask for a new one below.'
            : `You could not be signed in: ${sentence(props.linkFailed.detail || props.linkFailed.title)}`}
        </p>
      )}
      {portalOff ? (
        <p class="notice" role="status">
          {hostSchool.name} does not use this help desk page. Ask your school's IT team how to reach them.
        </p>
      ) : sent !== null ? (
        <div>
          <p class="notice notice-ok" role="status">
            {sent}
          </p>
          <p>Open the e-mail on this device and use the link in it. Nothing there? Check your junk mail folder.</p>
          <button type="button" onClick={() => (setSent(null), form.reset())}>
            Send another link
          </button>
        </div>
      ) : (
        <>
          {sso && (
            <div class="gate-sso">
              <a class="button primary" href={portalSsoStartUrl({ returnTo: returnTo() })}>
                Sign in with {sso.label}
              </a>
              {links && <p class="gate-or">Or get a sign-in link by e-mail:</p>}
            </div>
          )}
          {!links && !sso && (
            <p class="notice" role="status">
              Staff: <a href="/">sign in to Desk</a> first, then come back here. Pupils: ask your school's IT team how
              to sign in.
            </p>
          )}
          {needsSchool === null || !links ? null : (
            <form onSubmit={form.submit} noValidate>
              {needsSchool && (
                <TextField
                  id="portal-school"
                  label="School"
                  autocomplete="organization"
                  hint="Your school's short name, for example north-high"
                  value={typedSchool}
                  onInput={(e: Event) => (
                    setTypedSchool((e.currentTarget as HTMLInputElement).value),
                    setSchoolError(undefined),
                    form.reset()
                  )}
                  error={schoolError ?? form.error('school')}
                />
              )}
              <TextField
                label="Your school e-mail address"
                type="email"
                autocomplete="email"
                value={email}
                ref={emailField}
                onInput={(e: Event) => (setEmail((e.currentTarget as HTMLInputElement).value), form.reset())}
                error={form.error('email')}
                hint="We will e-mail you a link that signs you in."
              />
              <FormProblem form={form} />
              <button type="submit" class={sso ? undefined : 'primary'} disabled={form.busy}>
                {form.busy ? 'Sending…' : 'Send me a sign-in link'}
              </button>
              {/* A shared address cannot tell whether the school has single sign-on: it is offered, and
                  the server answers alike when it has none. */}
              {!hostSchool && (
                <p class="gate-or">
                  Or, if your school signs you in with its own account (Google, Microsoft…):{' '}
                  <button type="button" onClick={ssoFromTypedSchool}>
                    Use your school account
                  </button>
                </p>
              )}
            </form>
          )}
          {(links || sso) && (
            <p class="field-hint">
              Staff with a Desk account: <a href="/">sign in to Desk</a>, then come back to this page: it opens as you.
            </p>
          )}
        </>
      )}
    </main>
  );
}
