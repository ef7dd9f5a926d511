import { registerCatalogs } from '@rastro/shared';
import type { SupportedLanguage, TranslationCatalog } from '@rastro/shared';
import { reportsEnUS } from './en-US';
import { reportsEs } from './es';
import { reportsPtBR } from './pt-BR';

export type ReportsCatalog = TranslationCatalog<typeof reportsPtBR>;

export const reportsCatalogs: Record<SupportedLanguage, ReportsCatalog> = { 'pt-BR': reportsPtBR, es: reportsEs, 'en-US': reportsEnUS };

/**
 * The reports remote ships its own strings, under `reportScreens.` (as the map and the fleet do);
 * the chooser's titles stay in the shell's catalog, which the menu needs before this remote loads.
 */
export function registerReportsCatalogs(): void {
  registerCatalogs(reportsCatalogs, (catalog) => ({ reportScreens: catalog }));
}
