import { ensureSessionMarker, initI18n } from '@rastro/shared/core';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { currentLanguage, followLanguageSources } from './language/languageChoice';
import { startSession } from './session/session';
import { loadThemeBeforeStart } from './theme/theme';

ensureSessionMarker();
// SPEC §4: remember-me credentials sign in at start, while the theme and the catalog load.
void startSession(window.location.pathname);

// SPEC §2/issue 5: the domain's theme is applied before the login screen shows.
void Promise.all([initI18n(currentLanguage()), loadThemeBeforeStart()]).then(() => {
  document.documentElement.lang = currentLanguage();
  followLanguageSources();
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
});
