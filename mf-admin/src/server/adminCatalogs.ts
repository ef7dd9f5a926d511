import { i18n } from '@rastro/shared';
import type { SupportedLanguage } from '@rastro/shared';

/**
 * Adds one admin screen's own strings, under `key`, to the page's one i18n instance when the
 * screen's module loads (as each remote does): the shell needs no rebuild when a screen gains a string.
 */
export function addAdminCatalogs(key: string, catalogs: Record<SupportedLanguage, object>): void {
  const add = () => {
    for (const [language, catalog] of Object.entries(catalogs)) i18n.addResourceBundle(language, 'translation', { [key]: catalog }, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
