import { readPreference } from '@rastro/shared/core';
import { applyColourMode, chooseColourMode, followColourMode, resolveColourMode, useColourMode } from './colourMode';

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
