import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RastroCatalog } from './locales/pt-BR';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, currentLanguageSources, detectLanguage, supportedLanguages, toSupportedLanguage } from './language';
import type { SupportedLanguage } from './language';

/**
 * Each language's catalog is a chunk of its own, fetched when the language is first used: the
 * login downloads the words of one language, not of three (README, "Front-end weight").
 */
const catalogLoaders: Record<SupportedLanguage, () => Promise<RastroCatalog>> = {
  // Named chunks: the shell's login budget counts one of them (shell/webpack.config.cjs).
  'pt-BR': () => import(/* webpackChunkName: "catalog-pt-BR" */ './locales/pt-BR').then((module) => module.ptBR),
  es: () => import(/* webpackChunkName: "catalog-es" */ './locales/es').then((module) => module.es),
  'en-US': () => import(/* webpackChunkName: "catalog-en-US" */ './locales/en-US').then((module) => module.enUS),
};

/** A key with no translation shows inside this marker, so a gap is visible on screen and in tests. */
export const missingKeyMarker = (key: string): string => `⟦${key}⟧`;

/**
 * The page's one i18next instance. @rastro/shared is a federation singleton, so the shell and every
 * remote translate with the same instance and switch language together.
 */
export const i18n: I18n = i18next.createInstance();

const fetchedCatalogs = new Map<SupportedLanguage, Promise<RastroCatalog>>();

/** A language's catalog, fetched once. */
function fetchCatalog(language: SupportedLanguage): Promise<RastroCatalog> {
  let fetching = fetchedCatalogs.get(language);
  if (!fetching) {
    fetching = catalogLoaders[language]();
    fetchedCatalogs.set(language, fetching);
  }
  return fetching;
}

/** Adds a language's catalog to the started instance, over a remote's keys of the same name (as when all were bundled). */
const addedCatalogs = new Set<SupportedLanguage>();
async function loadCatalog(language: SupportedLanguage): Promise<void> {
  const catalog = await fetchCatalog(language);
  if (addedCatalogs.has(language)) return;
  addedCatalogs.add(language);
  i18n.addResourceBundle(language, 'translation', catalog, true, true);
}

// Every switch of language, whoever asks for it, waits for that language's catalog. Not an i18next
// backend: a backend skips a language that already has a bundle, and the remotes add theirs for
// every language as they load.
const switchLanguage = i18n.changeLanguage.bind(i18n);
i18n.changeLanguage = async (language, callback) => {
  const supported = language ? toSupportedLanguage(language) : null;
  // Before init the first catalog goes in as the instance's resources (there is no store yet).
  if (supported && i18n.isInitialized) await loadCatalog(supported);
  return switchLanguage(language, callback);
};

export async function initI18n(language: SupportedLanguage = detectLanguage(currentLanguageSources())): Promise<unknown> {
  if (i18n.isInitialized) return i18n.changeLanguage(language);
  const catalog = await fetchCatalog(language);
  addedCatalogs.add(language);
  return i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: catalog } },
    // Catalogs are complete (a test checks it), so the fallback language is not fetched with the
    // current one; a key missing from it shows the marker.
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...supportedLanguages],
    interpolation: { escapeValue: false },
    parseMissingKeyHandler: missingKeyMarker,
    returnNull: false,
    load: 'currentOnly',
    initAsync: false,
  });
}

export { DEFAULT_LANGUAGE };
