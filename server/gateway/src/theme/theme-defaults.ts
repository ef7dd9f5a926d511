import { mergeThemeOverrides, themeSettingsSchema, type Theme, type ThemeOverrides, type ThemeSettings } from '@rastro/shared/contract';
import type { ThemeImageUrls } from './theme-image-store';

/** Rastro's own look, for whatever no tenant has set. */
export const DEFAULT_THEME: ThemeSettings = {
  appName: 'Rastro',
  colors: {
    primary: '#1a56db',
    secondary: '#0e9f6e',
    background: '#f9fafb',
    surface: '#ffffff',
    text: '#111827',
    // Dark mode: light text on dark surfaces; white text still reads on the primary and accent (WCAG AA).
    dark: { primary: '#2563eb', secondary: '#047857', background: '#111827', surface: '#1f2937', text: '#f3f4f6' },
  },
  // SPEC §9: logo width default 80 percent.
  logoWidth: 80,
  login: { title: null, showRegisterLink: true, showSharedLinkAccess: true },
};

/** A tenant's theme overrides completed with Rastro's defaults, with its image URLs. */
export function completeTheme(overrides: ThemeOverrides, images: ThemeImageUrls): Theme {
  const settings = themeSettingsSchema.parse(mergeThemeOverrides(DEFAULT_THEME, overrides));
  return { ...settings, images };
}
