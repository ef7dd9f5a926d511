import { registerCatalogs } from '@rastro/shared';
import type { SupportedLanguage, TranslationCatalog } from '@rastro/shared';
import { fleetEnUS } from './en-US';
import { fleetEs } from './es';
import { fleetPtBR } from './pt-BR';

export type FleetCatalog = TranslationCatalog<typeof fleetPtBR>;

export const fleetCatalogs: Record<SupportedLanguage, FleetCatalog> = { 'pt-BR': fleetPtBR, es: fleetEs, 'en-US': fleetEnUS };

/** The fleet remote ships its own strings, under `fleet.` (as the map does). */
export function registerFleetCatalogs(): void {
  registerCatalogs(fleetCatalogs, (catalog) => ({ fleet: catalog }));
}
