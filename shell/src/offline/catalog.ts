import { registerCatalogs } from '@rastro/shared';
import type { SupportedLanguage, TranslationCatalog } from '@rastro/shared';
import { offlineEnUS } from './locales/en-US';
import { offlineEs } from './locales/es';
import { offlinePtBR } from './locales/pt-BR';

export type OfflineCatalog = TranslationCatalog<typeof offlinePtBR>;

const catalogs: Record<SupportedLanguage, OfflineCatalog> = { 'pt-BR': offlinePtBR, es: offlineEs, 'en-US': offlineEnUS };

/**
 * The strings of the service worker's banners and of push, under `pwa.`: added by the code after
 * sign-in, so the login's catalog (and its JavaScript budget) does not carry them.
 */
export function registerOfflineCatalogs(): void {
  registerCatalogs(catalogs, (catalog) => ({ pwa: catalog }));
}
