import { readPreference, writePreference } from '@rastro/shared/core';
import { create } from 'zustand';
import { applyBrowserThemeColour, useThemeStore } from './theme';

/** What the user picks in the user menu: a mode, or whatever the system prefers. */
export type ColourModeChoice = NonNullable<ReturnType<typeof readPreference<'colourMode'>>>;
/** The mode the page shows. */
export type ColourMode = Exclude<ColourModeChoice, 'system'>;

/** The user menu's order: following the system first, as it is what nobody chose. */
export const colourModeChoices: readonly ColourModeChoice[] = ['system', 'light', 'dark'];

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveColourMode(choice: ColourModeChoice, prefersDark: boolean): ColourMode {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}

export interface ColourModeState {
  choice: ColourModeChoice;
  mode: ColourMode;
}

export const useColourMode = create<ColourModeState>()(() => ({ choice: 'system', mode: 'light' }));

/**
 * Puts the mode on <html>: Chakra's class-based colour mode (`.dark`/`.light`) for the app, the
 * same class for the login's stylesheet (public.css), and `color-scheme` so the browser's own
 * canvas, scroll bars and form controls match before anything is drawn.
 */
export function applyColourMode(choice: ColourModeChoice = readPreference('colourMode') ?? 'system', root: HTMLElement = document.documentElement): ColourMode {
  const mode = resolveColourMode(choice, systemPrefersDark());
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
  const theme = useThemeStore.getState().theme;
  if (theme) applyBrowserThemeColour(theme.colors, root.ownerDocument);
  useColourMode.setState({ choice, mode });
  return mode;
}

/** The user menu's choice: this browser keeps it (SPEC §3 browser-stored preferences). */
export function chooseColourMode(choice: ColourModeChoice): void {
  writePreference('colourMode', choice);
  applyColourMode(choice);
}

/**
 * At start, before the first screen is drawn (no light flash): the remembered mode, then the
 * system's changes while the user follows it, and a choice made in another tab of this browser.
 */
export function followColourMode(): () => void {
  applyColourMode();
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (useColourMode.getState().choice === 'system') applyColourMode('system');
  };
  // Any change of this browser's storage reads the remembered choice again: cheap, and key-agnostic.
  const onStorage = () => applyColourMode();
  query?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
