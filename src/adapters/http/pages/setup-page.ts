/**
 * The page a setup link opens (SPEC §9): an administrator's recovery link or a new user's invitation. The link carries its token in the fragment
 * (`/setup#token=…`), which browsers never send to servers, logs or Referer headers; the script reads
 * it (or `?token=`), removes it from the address bar, and posts it with the new password.
 * No external resources; the script is served from /setup.js so the page can forbid inline scripts.
 */
export const SETUP_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

export const SETUP_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Desk — set your password</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d2430; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; padding: .5rem; font-size: 1rem; box-sizing: border-box; }
  button { margin-top: 1.25rem; padding: .6rem 1.2rem; font-size: 1rem; }
  #message { margin-top: 1rem; }
  .error { color: #a4262c; } .ok { color: #256029; }
</style>
</head>
<body>
<h1>Set your password</h1>
<p>Choose a password for your Desk account. This link works once, until it expires (four hours for an administrator’s recovery link, seven days for an invitation).</p>
<form id="setup" autocomplete="off">
  <label for="password">New password (at least 12 characters)</label>
  <input id="password" type="password" minlength="12" required autocomplete="new-password">
  <label for="confirm">Repeat it</label>
  <input id="confirm" type="password" minlength="12" required autocomplete="new-password">
  <button type="submit">Set password</button>
</form>
<p id="message" role="status"></p>
<script src="/setup.js"></script>
</body>
</html>
`;

export const SETUP_PAGE_SCRIPT = `'use strict';
(function () {
  var params = new URLSearchParams(location.hash.slice(1));
  var token = params.get('token') || new URLSearchParams(location.search).get('token');
  // Keep the token out of the address bar and history once read.
  history.replaceState(null, '', location.pathname);
  var form = document.getElementById('setup');
  var message = document.getElementById('message');
  function say(text, kind) { message.textContent = text; message.className = kind; }
  if (!token) { say('This page needs the whole link you were given (from .setup-link.html, an invitation, or the console).', 'error'); form.hidden = true; return; }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var password = document.getElementById('password').value;
    if (password !== document.getElementById('confirm').value) { say('The two passwords differ.', 'error'); return; }
    fetch('/api/auth/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: token, password: password })
    }).then(function (res) {
      return res.json().then(function (body) {
        if (res.ok) { form.hidden = true; say('Your password is set. You can sign in now.', 'ok'); }
        else { say(body.detail || 'That did not work.', 'error'); }
      });
    }, function () { say('The server could not be reached.', 'error'); });
  });
})();
`;
