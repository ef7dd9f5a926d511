import { Menu } from '@rastro/shared';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { chooseColourMode, colourModeChoices, useColourMode, type ColourModeChoice } from '../theme/colourMode';

const icons: Record<ColourModeChoice, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/** The colour mode inside the user menu: light, dark, or the system's; checked is the choice, not the mode it gives. */
export function ColourModeMenuItems() {
  const { t } = useTranslation();
  const choice = useColourMode((state) => state.choice);
  return (
    <Menu.ItemGroup>
      <Menu.ItemGroupLabel>{t('colourMode.label')}</Menu.ItemGroupLabel>
      <Menu.RadioItemGroup
        value={choice}
        onValueChange={(change) => {
          const picked = colourModeChoices.find((candidate) => candidate === change.value);
          if (picked) chooseColourMode(picked);
        }}
      >
        {colourModeChoices.map((candidate) => {
          const Icon = icons[candidate];
          return (
            <Menu.RadioItem key={candidate} value={candidate} data-testid={`colour-mode-${candidate}`}>
              <Icon size={16} aria-hidden />
              {t(`colourMode.${candidate}`)}
              <Menu.ItemIndicator />
            </Menu.RadioItem>
          );
        })}
      </Menu.RadioItemGroup>
    </Menu.ItemGroup>
  );
}
