import { ensureSessionMarker, initI18n, readPreference } from '@rastro/shared/core';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { currentLanguage, followLanguageSources } from '../language/languageChoice';
import { LoginPage } from '../login/LoginPage';
import type { Navigate } from '../login/LoginPage';
import { startSession } from '../session/session';
import { loadServerInfo } from '../session/serverInfo';
import { followColourMode } from '../theme/colourMode';
import { loadThemeBeforeStart } from '../theme/theme';
import { startScreen } from './startScreen';

let appCode: Promise<typeof import('../app/App')> | null = null;

/**
 * The app: Chakra and the design system, the router, the layout and, with the layout, the
 * federation runtime and the remotes. Fetched once, when the login signs in (as the sign-in
 * starts, so it downloads while the server answers), or at once when the page needs it.
 */
function fetchApp(): Promise<typeof import('../app/App')> {
  appCode ??= import(/* webpackChunkName: "app" */ '../app/App');
  return appCode;
}

let opened = false;

/** Replaces whatever the root shows with the app, at the current address (its router reads it). */
async function openApp(root: Root): Promise<void> {
  const { App } = await fetchApp();
  if (opened) return;
  opened = true;
  root.render(<App />);
}

/**
 * The page's start. The login's own addresses draw the light login: React, i18next and the
 * login's plain elements and CSS, nothing else (README, "Front-end weight"); everything else
 * opens the app.
 */
export async function start(): Promise<void> {
  // First, synchronously: the remembered colour mode is on <html> before anything is painted.
  followColourMode();
  ensureSessionMarker();
  const { pathname, search } = window.location;
  const remembered = Boolean(readPreference('rememberMe')) && !readPreference('actingAs');
  const first = startScreen(pathname, { remembered });
  if (first.kind === 'app') {
    // SPEC §4: remember-me credentials sign in at start, while the theme, the catalog and the app load.
    void startSession(pathname);
    void fetchApp();
  }
  // SPEC §2/issue 5: the domain's theme is applied before the first screen shows.
  await Promise.all([initI18n(currentLanguage()), loadThemeBeforeStart()]);
  document.documentElement.lang = currentLanguage();
  followLanguageSources();
  const element = document.getElementById('root');
  if (!element) return;
  const root = createRoot(element);
  if (first.kind === 'app') return openApp(root);

  // SPEC §2 guard step 2: server info loads in the background (the register link waits for it);
  // a server that cannot answer sends the page to maintenance, which the app's guard does.
  void loadServerInfo().then((ok) => {
    if (!ok) void openApp(root);
  });
  // Any move away from the login (signed in, the recovery or register link, a share link) is the app's.
  const navigate: Navigate = (to, options) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    void openApp(root);
  };
  root.render(
    <LoginPage mode={first.mode} token={first.token} returnTo={new URLSearchParams(search).get('to')} navigate={navigate} onSigningIn={() => void fetchApp()} />,
  );
}
