import { i18n } from '@rastro/shared';
import type { SupportedLanguage } from '@rastro/shared';
import { mapEnUS } from './en-US';
import { mapEs } from './es';
import { mapPtBR } from './pt-BR';

type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
export type MapCatalog = Catalog<typeof mapPtBR>;

const mapCatalogs: Record<SupportedLanguage, MapCatalog> = { 'pt-BR': mapPtBR, es: mapEs, 'en-US': mapEnUS };

/**
 * The map ships its own strings and adds them, under `map.`, to the page's one i18n instance when
 * it loads: the shell needs no rebuild when the map gains a string.
 */
export function registerMapCatalogs(): void {
  const add = () => {
    for (const [language, catalog] of Object.entries(mapCatalogs)) i18n.addResourceBundle(language, 'translation', { map: catalog }, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
