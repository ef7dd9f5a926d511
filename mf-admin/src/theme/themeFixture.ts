import type { Theme } from '@rastro/shared/contract';

/** Rastro's default theme as the gateway answers it, for tests. */
export const defaultThemeFixture: Theme = {
  appName: 'Rastro',
  colors: {
    primary: '#1a56db',
    secondary: '#0e9f6e',
    background: '#f9fafb',
    surface: '#ffffff',
    text: '#111827',
    dark: { primary: '#2563eb', secondary: '#047857', background: '#111827', surface: '#1f2937', text: '#f3f4f6' },
  },
  logoWidth: 80,
  login: { title: null, showRegisterLink: true, showSharedLinkAccess: true },
  images: { loginLogo: null, headLogo: null, favicon: null, loginBackground: null },
};
