export const supportedLanguages = ['pt-BR', 'es', 'en-US'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = 'pt-BR';
export const FALLBACK_LANGUAGE: SupportedLanguage = 'en-US';

/** Maps any BCP-47 tag onto a catalog we ship: "es-AR" → "es", "en" → "en-US", "pt" → "pt-BR". */
export function toSupportedLanguage(tag: string | null | undefined): SupportedLanguage | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'pt') return 'pt-BR';
  if (base === 'es') return 'es';
  if (base === 'en') return 'en-US';
  return null;
}

export interface LanguageSources {
  /** `window.location.search` */
  search: string;
  /** `navigator.languages` */
  browserLanguages: readonly string[];
  /** `document.documentElement.lang` */
  pageLanguage: string;
}

/**
 * SPEC §1 order: the `locale` query parameter, then the browser, then the page, then pt-BR.
 *
 * A browser whose only language is "en-US" is one nobody configured (headless, kiosk, fresh
 * container profile: Chromium's built-in default). It says nothing about the reader, so it does not
 * override Rastro's Brazilian default; a configured English browser reports more than that one tag.
 */
export function detectLanguage({ search, browserLanguages, pageLanguage }: LanguageSources): SupportedLanguage {
  const fromQuery = toSupportedLanguage(new URLSearchParams(search).get('locale'));
  if (fromQuery) return fromQuery;
  const unconfiguredBrowser = browserLanguages.length === 1 && browserLanguages[0] === 'en-US';
  if (!unconfiguredBrowser) {
    for (const tag of browserLanguages) {
      const language = toSupportedLanguage(tag);
      if (language) return language;
    }
  }
  return toSupportedLanguage(pageLanguage) ?? DEFAULT_LANGUAGE;
}

export function currentLanguageSources(): LanguageSources {
  return {
    search: window.location.search,
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    pageLanguage: document.documentElement.lang,
  };
}
