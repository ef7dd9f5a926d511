import { DEFAULT_THEME_SETTINGS, mergeThemeOverrides, themeSettingsSchema, type Theme, type ThemeOverrides } from '@rastro/shared/contract';
import type { ThemeImageUrls } from './theme-image-store';

/** A tenant's theme overrides completed with Rastro's defaults, with its image URLs. */
export function completeTheme(overrides: ThemeOverrides, images: ThemeImageUrls): Theme {
  const settings = themeSettingsSchema.parse(mergeThemeOverrides(DEFAULT_THEME_SETTINGS, overrides));
  return { ...settings, images };
}
