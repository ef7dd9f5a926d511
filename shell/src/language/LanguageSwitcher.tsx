import { NativeSelect, supportedLanguages, toSupportedLanguage } from '@rastro/shared/core';
import type { SupportedLanguage } from '@rastro/shared/core';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './languageChoice';

/** Catalog key of each language's own name ("Español" in every language, so a lost reader finds theirs). */
export const languageNameKeys: Record<SupportedLanguage, string> = { 'pt-BR': 'language.ptBR', es: 'language.es', 'en-US': 'language.enUS' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.language) ?? 'pt-BR';
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
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
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
