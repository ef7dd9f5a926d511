import { registerCatalogs } from '@rastro/shared';
import type { SupportedLanguage, TranslationCatalog } from '@rastro/shared';
import { mapEnUS } from './en-US';
import { mapEs } from './es';
import { mapPtBR } from './pt-BR';

export type MapCatalog = TranslationCatalog<typeof mapPtBR>;

const mapCatalogs: Record<SupportedLanguage, MapCatalog> = { 'pt-BR': mapPtBR, es: mapEs, 'en-US': mapEnUS };

/** The map ships its own strings, under `map.`. */
export function registerMapCatalogs(): void {
  registerCatalogs(mapCatalogs, (catalog) => ({ map: catalog }));
}
