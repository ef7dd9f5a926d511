import { createSystem, defineConfig } from '@chakra-ui/react';
import type { SystemConfig, SystemContext } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { themeColourNames, type ThemeColourName, type ThemeColors } from '../contract/product';
import { DEFAULT_DARK_COLOURS } from '../contract/theme-defaults';
import { PROGRESS_SLIDE_KEYFRAMES } from './progressSlide';

/**
 * Chakra's default look, with the recipes of exactly the components the login draws with (the
 * ones @rastro/shared/core exports): Chakra's `defaultConfig` carries the recipes of all ~80
 * components, about 35 KB gzip that every login would download. The design system's other
 * components bring their recipes with them (designSystemRecipes.ts, loaded after sign-in): a
 * component added to the design system adds its recipe THERE, not here, or the login grows.
 */
const productConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes: { ...keyframes, ...PROGRESS_SLIDE_KEYFRAMES },
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      // Chakra draws the indicators of alerts, checkboxes and selects with its Icon.
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      checkbox: checkboxSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
    },
  },
});

type ThemeConfig = NonNullable<SystemConfig['theme']>;
/** Recipes of components loaded after the system was built: the design system's (see addRecipes). */
export interface LateRecipes {
  recipes?: NonNullable<ThemeConfig['recipes']>;
  slotRecipes?: NonNullable<ThemeConfig['slotRecipes']>;
}

const lateRecipes: Required<LateRecipes> = { recipes: {}, slotRecipes: {} };
const builtSystems: SystemContext[] = [];

/**
 * Teaches the page's Chakra systems the recipes of components that load later (the design system
 * after sign-in), so the login does not download them. A system looks a recipe up by key when a
 * component first renders (`theme.recipes[key]` of its config), so recipes added to the config of
 * a built system are found by every component rendered afterwards; systems built later (a
 * domain's theme) get them at creation.
 */
export function addRecipes({ recipes = {}, slotRecipes = {} }: LateRecipes): void {
  Object.assign(lateRecipes.recipes, recipes);
  Object.assign(lateRecipes.slotRecipes, slotRecipes);
  for (const system of builtSystems) {
    const theme = system._config.theme!;
    theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
    theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
  }
}

/** Rastro's own primary colour: the brand palette when a domain's theme says nothing else. */
export const DEFAULT_PRIMARY = '#0f766e';

const shadeSteps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
/** How far each shade moves from the primary: towards white (negative) or black (positive). */
const shadeMix: Record<(typeof shadeSteps)[number], number> = { 50: -0.9, 100: -0.75, 200: -0.55, 300: -0.35, 400: -0.15, 500: 0, 600: 0.2, 700: 0.38, 800: 0.55, 900: 0.7 };

function channel(hex: string, index: number): number {
  return parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
}

/** A `#rrggbb` colour mixed towards white (amount < 0) or black (amount > 0). */
export function mixColour(hex: string, amount: number): string {
  const target = amount < 0 ? 255 : 0;
  const weight = Math.abs(amount);
  return `#${[0, 1, 2]
    .map((index) => Math.round(channel(hex, index) + (target - channel(hex, index)) * weight))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The brand palette 50…900 around a primary colour (500 is the primary itself). */
export function brandPalette(primary: string): Record<string, string> {
  const valid = /^#[0-9a-fA-F]{6}$/.test(primary) ? primary.toLowerCase() : DEFAULT_PRIMARY;
  return Object.fromEntries(shadeSteps.map((step) => [String(step), mixColour(valid, shadeMix[step])]));
}

/** A light/dark pair for a semantic token: Chakra's class-based colour mode (`.dark` on <html>) picks one. */
const modes = (light: string, dark: string) => ({ value: { _light: light, _dark: dark } });

/**
 * The shared Chakra system for a domain's theme colours (`GET /rastro/theme`): the brand palette
 * from the primary colour, the `theme.*` colours and Chakra's page colours (bg, fg, border) for
 * light and dark — dark from the theme's `dark` colours, so the whole app follows the colour mode
 * the user picked (`.dark` on <html>, see the shell's colour mode). Without colours it is
 * Rastro's default look. The light page keeps Chakra's white background: the theme's light
 * background is the login's.
 */
export function createRastroSystem(colors: Partial<ThemeColors> = {}): SystemContext {
  const palette = brandPalette(colors.primary ?? DEFAULT_PRIMARY);
  const dark = colors.dark;
  const darkPalette = brandPalette(dark?.primary ?? colors.primary ?? DEFAULT_PRIMARY);
  const light: Record<ThemeColourName, string> = {
    primary: palette['500']!,
    secondary: colors.secondary ?? palette['700']!,
    background: colors.background ?? '#f9fafb',
    surface: colors.surface ?? '#ffffff',
    text: colors.text ?? '#1f2937',
  };
  const night: Record<ThemeColourName, string> = {
    primary: darkPalette['500']!,
    secondary: dark?.secondary ?? colors.secondary ?? darkPalette['700']!,
    background: dark?.background ?? DEFAULT_DARK_COLOURS.background,
    surface: dark?.surface ?? DEFAULT_DARK_COLOURS.surface,
    text: dark?.text ?? DEFAULT_DARK_COLOURS.text,
  };
  const brand = (lightStep: string, darkStep: string) => modes(`{colors.brand.${lightStep}}`, darkPalette[darkStep]!);
  const config = defineConfig({
    theme: {
      tokens: {
        colors: {
          brand: Object.fromEntries(Object.entries(palette).map(([step, value]) => [step, { value }])),
        },
      },
      // Nested, not 'brand.solid' keys: only nested semantic tokens make `colorPalette="brand"` a palette.
      semanticTokens: {
        colors: {
          brand: {
            solid: brand('500', '500'),
            contrast: { value: 'white' },
            // On dark surfaces the brand's text and tints turn round: lighter text, darker tints.
            fg: brand('700', '200'),
            muted: brand('100', '800'),
            subtle: brand('50', '900'),
            emphasized: brand('600', '600'),
            focusRing: brand('500', '300'),
            border: brand('500', '400'),
          },
          theme: Object.fromEntries(themeColourNames.map((name) => [name, modes(light[name], night[name])])),
          bg: {
            DEFAULT: modes('{colors.white}', night.background),
            panel: modes(light.surface, night.surface),
          },
          // Error and success text a shade deeper than Chakra's in light mode: its red.500 and green.600 miss WCAG AA on white.
          fg: { DEFAULT: modes(light.text, night.text), error: modes('{colors.red.700}', '{colors.red.300}'), success: modes('{colors.green.700}', '{colors.green.300}') },
          border: { DEFAULT: modes('{colors.gray.200}', mixColour(night.surface, -0.2)) },
        },
      },
    },
  });
  const system = createSystem(defaultBaseConfig, productConfig, { theme: { ...lateRecipes } }, config);
  builtSystems.push(system);
  return system;
}

/** Rastro's default look; a reseller's theme builds its own with createRastroSystem. */
export const rastroSystem = createRastroSystem();

let pageSystem: SystemContext = rastroSystem;

/**
 * Makes `system` the page's: the one the shell built from the domain's theme. The areas of the
 * remotes are React roots of their own (single-spa parcels), outside the shell's provider; they
 * draw with this one (AreaProviders), or their Chakra provider's default tokens would override the
 * theme's (brand colours, dark mode colours) for the whole page.
 */
export function setPageSystem(system: SystemContext): void {
  pageSystem = system;
}

/** The page's Chakra system: the shell's themed one once it is built, Rastro's default before (or standalone). */
export function currentPageSystem(): SystemContext {
  return pageSystem;
}
