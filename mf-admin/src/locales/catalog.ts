import { i18n } from '@rastro/shared';
import type { SupportedLanguage } from '@rastro/shared';
import { adminEnUS } from './en-US';
import { adminEs } from './es';
import { adminPtBR } from './pt-BR';

/** A catalog's shape with every leaf a string: what each language must fill. */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
export type AdminCatalog = Catalog<typeof adminEnUS>;

export const adminCatalogs: Record<SupportedLanguage, AdminCatalog> = { 'pt-BR': adminPtBR, es: adminEs, 'en-US': adminEnUS };

/**
 * The admin remote's strings join the page's one i18n instance under `admin.` when it loads (beside
 * the shell's own `admin.` keys, never overwriting them); its gateway codes under `errors.`.
 */
export function registerAdminCatalogs(): void {
  const add = () => {
    for (const [language, catalog] of Object.entries(adminCatalogs)) i18n.addResourceBundle(language, 'translation', { admin: catalog, errors: catalog.gatewayErrors }, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
