import { Menu, supportedLanguages, toSupportedLanguage } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './languageChoice';
import { languageNameKeys } from './LanguageSwitcher';

/** The language switcher inside the user menu: one checked entry per shipped language. */
export function LanguageMenuItems() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.language) ?? 'pt-BR';
  return (
    <Menu.ItemGroup>
      <Menu.ItemGroupLabel>{t('language.label')}</Menu.ItemGroupLabel>
      <Menu.RadioItemGroup
        value={current}
        onValueChange={(change) => {
          const language = toSupportedLanguage(change.value);
          if (language) chooseLanguage(language);
        }}
      >
        {supportedLanguages.map((language) => (
          <Menu.RadioItem key={language} value={language}>
            {t(languageNameKeys[language])}
            <Menu.ItemIndicator />
          </Menu.RadioItem>
        ))}
      </Menu.RadioItemGroup>
    </Menu.ItemGroup>
  );
}
