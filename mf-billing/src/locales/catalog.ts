import { registerCatalogs } from '@rastro/shared';
import type { SupportedLanguage, TranslationCatalog } from '@rastro/shared';
import { billingEnUS } from './en-US';
import { billingEs } from './es';
import { billingPtBR } from './pt-BR';

export type BillingCatalog = TranslationCatalog<typeof billingPtBR>;

export const billingCatalogs: Record<SupportedLanguage, BillingCatalog> = { 'pt-BR': billingPtBR, es: billingEs, 'en-US': billingEnUS };

/**
 * The billing remote's strings, under `billing.` (the shell keeps only billing's menu title and
 * empty state); its gateway codes under `errors.`, never overwriting the shell's.
 */
export function registerBillingCatalogs(): void {
  registerCatalogs(billingCatalogs, (catalog) => ({ billing: catalog, errors: catalog.gatewayErrors }));
}
