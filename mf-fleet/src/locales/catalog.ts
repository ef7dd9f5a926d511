import { i18n } from '@rastro/shared';
import type { SupportedLanguage } from '@rastro/shared';
import { fleetEnUS } from './en-US';
import { fleetEs } from './es';
import { fleetPtBR } from './pt-BR';

type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
export type FleetCatalog = Catalog<typeof fleetPtBR>;

export const fleetCatalogs: Record<SupportedLanguage, FleetCatalog> = { 'pt-BR': fleetPtBR, es: fleetEs, 'en-US': fleetEnUS };

/**
 * The fleet remote ships its own strings and adds them, under `fleet.`, to the page's one i18n
 * instance when it loads (as the map does): the shell needs no rebuild when the fleet gains a string.
 */
export function registerFleetCatalogs(): void {
  const add = () => {
    for (const [language, catalog] of Object.entries(fleetCatalogs)) i18n.addResourceBundle(language, 'translation', { fleet: catalog }, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
