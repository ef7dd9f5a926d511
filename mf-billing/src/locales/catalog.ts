import { i18n } from '@rastro/shared';
import type { SupportedLanguage } from '@rastro/shared';
import { billingEnUS } from './en-US';
import { billingEs } from './es';
import { billingPtBR } from './pt-BR';

type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
export type BillingCatalog = Catalog<typeof billingPtBR>;

export const billingCatalogs: Record<SupportedLanguage, BillingCatalog> = { 'pt-BR': billingPtBR, es: billingEs, 'en-US': billingEnUS };

/**
 * The billing remote's strings join the page's one i18n instance under `billing.` when it loads
 * (the shell keeps only billing's menu title and empty state); its gateway codes under `errors.`,
 * never overwriting the shell's.
 */
export function registerBillingCatalogs(): void {
  const add = () => {
    for (const [language, catalog] of Object.entries(billingCatalogs)) i18n.addResourceBundle(language, 'translation', { billing: catalog, errors: catalog.gatewayErrors }, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
