import { registerCatalogs } from '@rastro/shared';
import type { SupportedLanguage } from '@rastro/shared';
import { entityEnUS } from './locales/en-US';
import { entityEs } from './locales/es';
import { entityPtBR } from './locales/pt-BR';

/**
 * Each entity keeps its strings in its own folder's `locales` and adds them under `fleet.<key>`
 * (merged into the fleet catalog, never overwriting it), so two entity screens written side by
 * side never edit the same catalog file.
 */
export function registerEntityCatalogs(key: string, catalogs: Record<SupportedLanguage, object>): void {
  registerCatalogs(catalogs, (catalog) => ({ fleet: { [key]: catalog } }));
}

/** The generic screens' own strings (`fleet.entity.*`). */
export function registerEntityMachineryCatalogs(): void {
  registerEntityCatalogs('entity', { 'pt-BR': entityPtBR, es: entityEs, 'en-US': entityEnUS });
}
