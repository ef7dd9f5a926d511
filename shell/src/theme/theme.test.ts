import type { Theme } from '@rastro/shared/contract';
import { applyPageTitle, applyThemeToDocument, loadTheme, logoWidthPercent, pageTitle, useThemeStore } from './theme';

const reseller: Theme = {
  appName: 'Frota Azul',
  colors: { primary: '#123456', secondary: '#0e9f6e', background: '#f9fafb', surface: '#ffffff', text: '#111827' },
  logoWidth: 60,
  login: { title: 'Bem-vindo à Frota Azul', showRegisterLink: false, showSharedLinkAccess: true },
  images: { favicon: '/rastro/assets/custom/images/favicon?v=abc', headLogo: null, loginLogo: null, loginBackground: null },
};

describe('theming', () => {
  it("takes the server's rastro.logoWidth over the theme's, and 80 % by default", () => {
    expect(logoWidthPercent('45', 60)).toBe(45);
    expect(logoWidthPercent(undefined, 60)).toBe(60);
    expect(logoWidthPercent('wide', undefined)).toBe(80);
    expect(logoWidthPercent(250, undefined)).toBe(80);
  });

  it('names the page after the application and shows its favicon', () => {
    applyThemeToDocument(reseller);
    expect(document.title).toBe('Frota Azul');
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href).toContain('/rastro/assets/custom/images/favicon?v=abc');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe('#123456');
  });

  it("titles the page with config.json's title when the domain set one, else the theme's application name", async () => {
    expect(pageTitle({ title: 'Rastro' }, reseller)).toBe('Frota Azul');
    expect(pageTitle({ title: 'Frota Azul — Rastreamento' }, reseller)).toBe('Frota Azul — Rastreamento');
    expect(pageTitle({ title: 'Rastro' }, null)).toBe('Rastro');
    expect(pageTitle(null, null)).toBe('Rastro');

    await loadTheme(async () => reseller);
    applyPageTitle({ title: 'Central da Frota' });
    expect(document.title).toBe('Central da Frota');
    applyPageTitle({ title: 'Rastro' });
    expect(document.title).toBe('Frota Azul');
  });

  it("gives the login's stylesheet the theme's colours, as custom properties of the page", async () => {
    await loadTheme(() => Promise.resolve(reseller));
    expect(useThemeStore.getState().theme?.appName).toBe('Frota Azul');
    const page = document.documentElement.style;
    expect(page.getPropertyValue('--rastro-primary')).toBe('#123456');
    expect(page.getPropertyValue('--rastro-secondary')).toBe('#0e9f6e');
    expect(page.getPropertyValue('--rastro-text')).toBe('#111827');
  });

  it("gives it the theme's dark mode colours too, under their own names", async () => {
    const dark = { primary: '#7b1fa2', secondary: '#047857', background: '#0b1020', surface: '#1f2937', text: '#f3f4f6' };
    await loadTheme(() => Promise.resolve({ ...reseller, colors: { ...reseller.colors, dark } }));
    const page = document.documentElement.style;
    expect(page.getPropertyValue('--rastro-dark-primary')).toBe('#7b1fa2');
    expect(page.getPropertyValue('--rastro-dark-background')).toBe('#0b1020');
    expect(page.getPropertyValue('--rastro-primary')).toBe('#123456');
  });

  it('keeps the current look when the theme cannot be loaded or is malformed', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = useThemeStore.getState().theme;
    await expect(loadTheme(() => Promise.reject(new Error('offline')))).resolves.toBeNull();
    await expect(loadTheme(() => Promise.resolve({ appName: '' }))).resolves.toBeNull();
    expect(useThemeStore.getState().theme).toBe(before);
  });
});
