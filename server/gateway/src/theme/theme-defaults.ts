import { themeSettingsSchema, type Theme, type ThemeOverrides, type ThemeSettings } from '@rastro/shared/contract';
import type { ThemeImageUrls } from './theme-image-store';

/** Rastro's own look, for whatever no tenant has set. */
export const DEFAULT_THEME: ThemeSettings = {
  appName: 'Rastro',
  colors: { primary: '#1a56db', secondary: '#0e9f6e', background: '#f9fafb', surface: '#ffffff', text: '#111827' },
  // SPEC §9: logo width default 80 percent.
  logoWidth: 80,
  login: { title: null, showRegisterLink: true, showSharedLinkAccess: true },
};

/** A tenant's theme overrides completed with Rastro's defaults, with its image URLs. */
export function completeTheme(overrides: ThemeOverrides, images: ThemeImageUrls): Theme {
  const settings = themeSettingsSchema.parse({
    ...DEFAULT_THEME,
    ...overrides,
    colors: { ...DEFAULT_THEME.colors, ...overrides.colors },
    login: { ...DEFAULT_THEME.login, ...overrides.login },
  });
  return { ...settings, images };
}
