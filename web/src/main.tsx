import { render } from 'preact';
import { App } from './app.js';
import { applyStoredTheme } from './theme.js';
import './styles/theme.css';
import './styles/app.css';

applyStoredTheme();

// A page restored from the back/forward cache (Back after signing out) may still show records: clear
// it and load it again, which asks the server who is signed in before showing anything.
window.addEventListener('pageshow', (e) => {
  if (e.persisted) {
    document.getElementById('app')?.replaceChildren();
    window.location.reload();
  }
});

// The app asks who is signed in itself (the console's session on its pages, the portal's on its own).
render(<App />, document.getElementById('app')!);
