import type { ThemeColourSet, ThemeSettings } from './product';

/** Rastro's own dark colours: light text on dark surfaces; white text still reads on the primary and accent (WCAG AA). */
export const DEFAULT_DARK_COLOURS: ThemeColourSet = { primary: '#2563eb', secondary: '#047857', background: '#111827', surface: '#1f2937', text: '#f3f4f6' };

/** Rastro's own look: what the gateway answers for whatever no tenant has set. */
export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  appName: 'Rastro',
  colors: {
    primary: '#1a56db',
    secondary: '#0e9f6e',
    background: '#f9fafb',
    surface: '#ffffff',
    text: '#111827',
    dark: DEFAULT_DARK_COLOURS,
  },
  // SPEC §9: logo width default 80 percent.
  logoWidth: 80,
  login: { title: null, showRegisterLink: true, showSharedLinkAccess: true },
};
