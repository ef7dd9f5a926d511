import { DEFAULT_THEME_SETTINGS, type Theme } from '@rastro/shared/contract';

/** Rastro's default theme as the gateway answers it, for tests. */
export const defaultThemeFixture: Theme = {
  ...DEFAULT_THEME_SETTINGS,
  images: { loginLogo: null, headLogo: null, favicon: null, loginBackground: null },
};
