import { registerCatalogs } from '@rastro/shared';
import type { SupportedLanguage, TranslationCatalog } from '@rastro/shared';
import { adminEnUS } from './en-US';
import { adminEs } from './es';
import { adminPtBR } from './pt-BR';

export type AdminCatalog = TranslationCatalog<typeof adminEnUS>;

export const adminCatalogs: Record<SupportedLanguage, AdminCatalog> = { 'pt-BR': adminPtBR, es: adminEs, 'en-US': adminEnUS };

/**
 * The admin remote's strings, under `admin.` (beside the shell's own `admin.` keys, never
 * overwriting them); its gateway codes under `errors.`.
 */
export function registerAdminCatalogs(): void {
  registerCatalogs(adminCatalogs, (catalog) => ({ admin: catalog, errors: catalog.gatewayErrors }));
}
