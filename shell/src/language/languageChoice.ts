import { i18n, readPreference, resolveLanguage, useServerStore, useSessionStore, writePreference } from '@rastro/shared/core';
import type { SupportedLanguage } from '@rastro/shared/core';

// The address as the page opened: `?locale=` counts once, and a later choice in the switcher replaces it.
let openingSearch = typeof window === 'undefined' ? '' : window.location.search;
// The page's own declared language, read before Rastro sets it.
const pageLanguage = typeof document === 'undefined' ? '' : document.documentElement.lang;

/** The language to show now, from every source SPEC §1 names plus the switcher. */
export function currentLanguage(): SupportedLanguage {
  return resolveLanguage({
    search: openingSearch,
    chosen: readPreference('language'),
    userAttributes: useSessionStore.getState().user?.attributes,
    serverAttributes: useServerStore.getState().server?.attributes,
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    pageLanguage,
  });
}

export function applyLanguage(): void {
  const language = currentLanguage();
  document.documentElement.lang = language;
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** The switcher: this browser keeps the choice, over the account's and the server's `rastro.lang`. */
export function chooseLanguage(language: SupportedLanguage): void {
  openingSearch = '';
  writePreference('language', language);
  applyLanguage();
}

/** Follows the user and server attributes as they load (the server's `rastro.lang`, then the user's). */
export function followLanguageSources(): () => void {
  const stopSession = useSessionStore.subscribe((state, previous) => state.user !== previous.user && applyLanguage());
  const stopServer = useServerStore.subscribe((state, previous) => state.server !== previous.server && applyLanguage());
  return () => {
    stopSession();
    stopServer();
  };
}
