import { supportedLanguages, toSupportedLanguage } from '@rastro/shared/core';
import type { SupportedLanguage } from '@rastro/shared/core';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './languageChoice';

/** Catalog key of each language's own name ("Español" in every language, so a lost reader finds theirs). */
export const languageNameKeys: Record<SupportedLanguage, string> = { 'pt-BR': 'language.ptBR', es: 'language.es', 'en-US': 'language.enUS' };

/** The public screens' switcher: a native select (public.css), drawn before Chakra is downloaded. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.language) ?? 'pt-BR';
  return (
    <select
      className="rastro-select"
      aria-label={t('language.label')}
      data-testid="language-switcher"
      value={current}
      onChange={(event) => {
        const language = toSupportedLanguage(event.target.value);
        if (language) chooseLanguage(language);
      }}
    >
      {supportedLanguages.map((language) => (
        <option key={language} value={language}>
          {t(languageNameKeys[language])}
        </option>
      ))}
    </select>
  );
}
