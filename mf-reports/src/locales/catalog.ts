import { i18n } from '@rastro/shared';
import type { SupportedLanguage } from '@rastro/shared';
import { reportsEnUS } from './en-US';
import { reportsEs } from './es';
import { reportsPtBR } from './pt-BR';

type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
export type ReportsCatalog = Catalog<typeof reportsPtBR>;

export const reportsCatalogs: Record<SupportedLanguage, ReportsCatalog> = { 'pt-BR': reportsPtBR, es: reportsEs, 'en-US': reportsEnUS };

/**
 * The reports remote ships its own strings and adds them, under `reportScreens.`, to the page's
 * one i18n instance when it loads (as the map and the fleet do); the chooser's titles stay in the
 * shell's catalog, which the menu needs before this remote loads.
 */
export function registerReportsCatalogs(): void {
  const add = () => {
    for (const [language, catalog] of Object.entries(reportsCatalogs)) i18n.addResourceBundle(language, 'translation', { reportScreens: catalog }, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
