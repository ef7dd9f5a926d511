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
 * SPEC §1 order: the `locale` query parameter, then the browser's languages in the order the
 * reader ranked them, then the page, then pt-BR. A browser reporting "en-US" gets English: that is
 * what an ordinary English Chrome says, and SPEC §1 makes no exception for it.
 */
export function detectLanguage({ search, browserLanguages, pageLanguage }: LanguageSources): SupportedLanguage {
  const fromQuery = toSupportedLanguage(new URLSearchParams(search).get('locale'));
  if (fromQuery) return fromQuery;
  for (const tag of browserLanguages) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
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

/** SPEC §1/§3: a user or the server may set the language with this attribute. */
export const LANGUAGE_ATTRIBUTE = 'rastro.lang';

export function languageFromAttributes(attributes: Record<string, unknown> | null | undefined): SupportedLanguage | null {
  const value = attributes?.[LANGUAGE_ATTRIBUTE];
  return typeof value === 'string' ? toSupportedLanguage(value) : null;
}

export interface LanguageContext extends LanguageSources {
  /** What the user picked with the language switcher in this browser. */
  chosen?: SupportedLanguage | null;
  userAttributes?: Record<string, unknown> | null;
  serverAttributes?: Record<string, unknown> | null;
}

/**
 * The language to show. Someone asking explicitly wins — `?locale=` in the address, then the
 * switcher — since they are looking at the screen; then the account's and the server's
 * `rastro.lang`, which override what the browser guesses (SPEC §1); then detection.
 */
export function resolveLanguage({ chosen, userAttributes, serverAttributes, ...sources }: LanguageContext): SupportedLanguage {
  return (
    toSupportedLanguage(new URLSearchParams(sources.search).get('locale')) ??
    chosen ??
    languageFromAttributes(userAttributes) ??
    languageFromAttributes(serverAttributes) ??
    detectLanguage(sources)
  );
}
