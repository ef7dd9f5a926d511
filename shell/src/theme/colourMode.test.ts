import { readPreference } from '@rastro/shared/core';
import { applyColourMode, chooseColourMode, followColourMode, resolveColourMode, useColourMode } from './colourMode';
import { useThemeStore } from './theme';

/** jsdom has no matchMedia: a system that prefers dark or not, and can change its mind. */
function fakeSystem(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return prefersDark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = jest.fn(() => query as unknown as MediaQueryList);
  return {
    change(dark: boolean) {
      prefersDark = dark;
      listeners.forEach((listener) => listener());
    },
  };
}

const page = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  page.className = '';
});

describe('the colour mode', () => {
  it('follows the system when nobody chose, on <html> as Chakra and the login read it', () => {
    fakeSystem(true);
    expect(applyColourMode()).toBe('dark');
    expect(page.classList.contains('dark')).toBe(true);
    expect(page.style.colorScheme).toBe('dark');
    expect(useColourMode.getState()).toEqual({ choice: 'system', mode: 'dark' });
  });

  it('puts a choice on the page at once and remembers it in this browser for the next start', () => {
    fakeSystem(false);
    chooseColourMode('dark');
    expect(page.classList.contains('dark')).toBe(true);
    expect(page.classList.contains('light')).toBe(false);
    expect(readPreference('colourMode')).toBe('dark');

    // The next page load: the start applies the remembered choice before drawing anything.
    page.className = '';
    const stop = followColourMode();
    expect(page.classList.contains('dark')).toBe(true);
    expect(useColourMode.getState().choice).toBe('dark');
    stop();

    chooseColourMode('light');
    expect(page.classList.contains('light')).toBe(true);
    expect(page.classList.contains('dark')).toBe(false);
  });

  it("colours the browser's bar with the primary of the mode shown", () => {
    fakeSystem(false);
    const colors = { primary: '#1a56db', secondary: '#0e9f6e', background: '#f9fafb', surface: '#ffffff', text: '#111827' };
    useThemeStore.getState().applied({
      appName: 'Rastro',
      colors: { ...colors, dark: { ...colors, primary: '#2563eb' } },
      logoWidth: 80,
      login: { title: null, showRegisterLink: true, showSharedLinkAccess: true },
      images: { favicon: null, headLogo: null, loginLogo: null, loginBackground: null },
    });
    const barColour = () => document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content;
    chooseColourMode('dark');
    expect(barColour()).toBe('#2563eb');
    chooseColourMode('light');
    expect(barColour()).toBe('#1a56db');
  });

  it("changes with the system while following it, and not once the user chose", () => {
    const system = fakeSystem(false);
    const stop = followColourMode();
    expect(page.classList.contains('dark')).toBe(false);
    system.change(true);
    expect(page.classList.contains('dark')).toBe(true);

    chooseColourMode('light');
    system.change(false);
    system.change(true);
    expect(page.classList.contains('dark')).toBe(false);
    stop();
  });

  it('reads an unknown stored value as following the system', () => {
    localStorage.setItem('rastro.colourMode', JSON.stringify('sepia'));
    fakeSystem(false);
    expect(applyColourMode()).toBe('light');
    expect(resolveColourMode('system', true)).toBe('dark');
  });
});
