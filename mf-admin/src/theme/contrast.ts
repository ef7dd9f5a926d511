import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { ThemeColourSet } from '@rastro/shared/contract';

extend([a11yPlugin]);

/** WCAG 2 AA for normal text. */
export const AA_RATIO = 4.5;

/** Text drawn light (white, as the top bar and buttons draw it) and dark. */
export const LIGHT_TEXT = '#ffffff';

export interface ContrastCheck {
  /** What the text sits on: `admin.theme.contrast.<id>`. */
  id: 'primary' | 'secondary' | 'background' | 'surface';
  background: string;
  /** The ratio of light text and of the theme's text colour on it, rounded to one decimal. */
  light: number;
  dark: number;
  /** Which text the product draws there, and whether that one passes AA. */
  drawn: 'light' | 'dark';
  passes: boolean;
}

const ratio = (text: string, background: string) => Math.floor(colord(text).contrast(background) * 10) / 10;

function check(id: ContrastCheck['id'], background: string, dark: string, drawn: ContrastCheck['drawn']): ContrastCheck {
  const result = { id, background, light: ratio(LIGHT_TEXT, background), dark: ratio(dark, background), drawn };
  return { ...result, passes: colord(drawn === 'light' ? LIGHT_TEXT : dark).isReadable(background, { level: 'AA', size: 'normal' }) };
}

/**
 * WCAG AA for the text the product draws on one colour mode's theme colours (the light set, or
 * the `dark` one): light text on the primary (top bar, buttons) and accent colours, the mode's
 * text colour on the page background and surfaces. Both ratios are given, so the editor can say
 * which text would read. (`dark` in a check is the theme's text colour, light in dark mode.)
 */
export function contrastChecks(colors: ThemeColourSet): ContrastCheck[] {
  return [
    check('primary', colors.primary, colors.text, 'light'),
    check('secondary', colors.secondary, colors.text, 'light'),
    check('background', colors.background, colors.text, 'dark'),
    check('surface', colors.surface, colors.text, 'dark'),
  ];
}
