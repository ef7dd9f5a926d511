import { createHttpClient, PRODUCT_API_TIMEOUT_MS } from '@rastro/shared/core';
import { themeColourNames, themeSchema } from '@rastro/shared/contract';
import type { AppConfig, Theme } from '@rastro/shared/contract';
import { create } from 'zustand';

/** SPEC §9: the logo takes 80 % of its box unless the theme or `rastro.logoWidth` says otherwise. */
export const DEFAULT_LOGO_WIDTH = 80;
/** The theme must not hold the login screen back for long: after this the default look is used. */
export const THEME_LOAD_TIMEOUT_MS = 4_000;
/** config.json's title when the domain says nothing (appConfigSchema's default). */
const DEFAULT_TITLE = 'Rastro';

/**
 * The domain's theme. The login draws with plain CSS over the custom properties below; the Chakra
 * system the layout and the remotes draw with is built from the same theme after sign-in
 * (app/App.tsx), so the login never downloads Chakra (README, "Front-end weight").
 */
export interface ThemeState {
  theme: Theme | null;
  applied(theme: Theme): void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  theme: null,
  applied: (theme) => set({ theme }),
}));

/**
 * The CSS custom properties the login's stylesheet reads: `var(--rastro-primary)`… for the light
 * colours, `var(--rastro-dark-primary)`… for dark mode's; unset, it keeps Rastro's default look.
 */
export function themeColourProperties(colors: Theme['colors']): Array<[property: string, value: string]> {
  const properties = themeColourNames.map((name): [string, string] => [`--rastro-${name}`, colors[name]]);
  const dark = colors.dark;
  if (dark) properties.push(...themeColourNames.map((name): [string, string] => [`--rastro-dark-${name}`, dark[name]]));
  return properties;
}

/** The logo width in percent: the server's `rastro.logoWidth` wins over the theme's, default 80. */
export function logoWidthPercent(serverAttribute: unknown, themeWidth: number | undefined): number {
  const fromServer = typeof serverAttribute === 'string' && serverAttribute.trim() !== '' ? Number(serverAttribute) : serverAttribute;
  if (typeof fromServer === 'number' && Number.isFinite(fromServer) && fromServer > 0 && fromServer <= 100) return fromServer;
  return themeWidth && themeWidth > 0 ? themeWidth : DEFAULT_LOGO_WIDTH;
}

function headLink(rel: string): HTMLLinkElement {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.appendChild(link);
  }
  return link;
}

/** config.json's title when the domain set one (its default is the product name), else the theme's application name. */
export function pageTitle(config: Pick<AppConfig, 'title'> | null, theme: Pick<Theme, 'appName'> | null): string {
  if (config?.title && config.title !== DEFAULT_TITLE) return config.title;
  return theme?.appName ?? config?.title ?? DEFAULT_TITLE;
}

/** Called again once config.json is loaded: its title may replace the theme's application name. */
export function applyPageTitle(config: Pick<AppConfig, 'title'> | null, doc: Document = document): void {
  doc.title = pageTitle(config, useThemeStore.getState().theme);
}

/**
 * The browser's own bar (`<meta name="theme-color">`) in the primary colour of the mode the page
 * shows (the `.dark` class the colour mode puts on <html>): called again when the mode changes.
 */
export function applyBrowserThemeColour(colors: Theme['colors'], doc: Document = document): void {
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.appendChild(meta);
  }
  const dark = doc.documentElement.classList.contains('dark');
  meta.content = dark ? (colors.dark?.primary ?? colors.primary) : colors.primary;
}

/** The page follows the theme: title (see pageTitle), favicon, web app manifest, theme colour. */
export function applyThemeToDocument(theme: Theme, doc: Document = document, config: Pick<AppConfig, 'title'> | null = null): void {
  doc.title = pageTitle(config, theme);
  if (theme.images.favicon) headLink('icon').href = theme.images.favicon;
  headLink('manifest').href = '/rastro/manifest.webmanifest';
  applyBrowserThemeColour(theme.colors, doc);
  for (const [property, value] of themeColourProperties(theme.colors)) doc.documentElement.style.setProperty(property, value);
}

/** `GET /rastro/theme` for this domain, applied to the shared Chakra system and the page. Failure keeps the default look. */
export async function loadTheme(fetchTheme: () => Promise<unknown> = defaultFetch): Promise<Theme | null> {
  try {
    const theme = themeSchema.parse(await fetchTheme());
    useThemeStore.getState().applied(theme);
    applyThemeToDocument(theme);
    return theme;
  } catch (error) {
    console.warn('[rastro] theme not loaded, using the default look', error);
    return null;
  }
}

function defaultFetch(): Promise<unknown> {
  return createHttpClient({ baseUrl: '/rastro', timeoutMs: PRODUCT_API_TIMEOUT_MS }).json('/theme');
}

/** At start: the theme, but never waiting longer than THEME_LOAD_TIMEOUT_MS before the first screen. */
export function loadThemeBeforeStart(timeoutMs = THEME_LOAD_TIMEOUT_MS): Promise<unknown> {
  return Promise.race([loadTheme(), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}
