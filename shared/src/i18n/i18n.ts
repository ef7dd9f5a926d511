import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './locales/en-US';
import { es } from './locales/es';
import { ptBR } from './locales/pt-BR';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, currentLanguageSources, detectLanguage } from './language';
import type { SupportedLanguage } from './language';

export const catalogs = { 'pt-BR': ptBR, es, 'en-US': enUS } as const;

/** A key with no translation shows inside this marker, so a gap is visible on screen and in tests. */
export const missingKeyMarker = (key: string): string => `⟦${key}⟧`;

/**
 * The page's one i18next instance. @rastro/shared is a federation singleton, so the shell and every
 * remote translate with the same instance and switch language together.
 */
export const i18n: I18n = i18next.createInstance();

export function initI18n(language: SupportedLanguage = detectLanguage(currentLanguageSources())): Promise<unknown> {
  if (i18n.isInitialized) return i18n.changeLanguage(language);
  return i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: Object.keys(catalogs),
    resources: Object.fromEntries(Object.entries(catalogs).map(([lng, catalog]) => [lng, { translation: catalog }])),
    interpolation: { escapeValue: false },
    // Fallback to en-US is for partial catalogs; a key missing everywhere gets the visible marker.
    parseMissingKeyHandler: missingKeyMarker,
    returnNull: false,
    load: 'currentOnly',
    initAsync: false,
  });
}

export { DEFAULT_LANGUAGE };
