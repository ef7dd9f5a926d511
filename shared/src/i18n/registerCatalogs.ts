import { i18n } from './i18n';
import { supportedLanguages } from './language';
import type { SupportedLanguage } from './language';

/** A catalog's shape with every leaf a string: what each language must fill of the one it follows. */
export type TranslationCatalog<T> = { [K in keyof T]: T[K] extends string ? string : TranslationCatalog<T[K]> };

/**
 * Adds a package's own strings, in every language, to the page's one i18n instance when its code
 * loads: the shell needs no rebuild when a remote gains a string, and the login's catalog does not
 * carry them. Merged beside the keys already there, never over them (the shell's own win). `at`
 * places one language's catalog in the tree: `(catalog) => ({ map: catalog })`.
 */
export function registerCatalogs<C>(catalogs: Record<SupportedLanguage, C>, at: (catalog: C) => object): void {
  const add = () => {
    for (const language of supportedLanguages) i18n.addResourceBundle(language, 'translation', at(catalogs[language]), true, false);
  };
  // i18next has no resource store (nor addResourceBundle) until it is initialised.
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
