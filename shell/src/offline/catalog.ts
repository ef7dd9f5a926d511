import { i18n } from '@rastro/shared';
import type { SupportedLanguage } from '@rastro/shared';
import { offlineEnUS } from './locales/en-US';
import { offlineEs } from './locales/es';
import { offlinePtBR } from './locales/pt-BR';

type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
export type OfflineCatalog = Catalog<typeof offlinePtBR>;

const catalogs: Record<SupportedLanguage, OfflineCatalog> = { 'pt-BR': offlinePtBR, es: offlineEs, 'en-US': offlineEnUS };

/**
 * The strings of the service worker's banners and of push, under `pwa.`: added by the code after
 * sign-in, so the login's catalog (and its JavaScript budget) does not carry them.
 */
export function registerOfflineCatalogs(): void {
  // i18next has no resource store (nor addResourceBundle) until it is initialised.
  const add = () => {
    for (const [language, catalog] of Object.entries(catalogs)) i18n.addResourceBundle(language, 'translation', { pwa: catalog }, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
