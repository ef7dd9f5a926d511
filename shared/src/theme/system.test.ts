import { DEFAULT_DARK_COLOURS } from '../contract/theme-defaults';
import { addRecipes, createRastroSystem, mixColour } from './system';

describe('the shared Chakra system', () => {
  it('makes colorPalette="brand" paint solid buttons in the theme primary colour', () => {
    const system = createRastroSystem({ primary: '#7b1fa2' });
    expect(system.css({ colorPalette: 'brand' })).toMatchObject({ '--chakra-colors-color-palette-solid': 'var(--chakra-colors-brand-solid)' });
    expect(system.token('colors.brand.500')).toBe('#7b1fa2');
    expect(system.token.var('colors.brand.solid')).toBe('var(--chakra-colors-brand-solid)');
  });
});

describe('recipes of components that load later (the design system, after sign-in)', () => {
  const tag = { base: { color: 'red.500' } };

  it('reach a system built before them and every system built after', () => {
    const before = createRastroSystem();
    expect(before.isRecipe('laterTag')).toBe(false);
    addRecipes({ recipes: { laterTag: tag }, slotRecipes: { laterCard: { slots: ['root'], base: { root: { p: '2' } } } } });
    const after = createRastroSystem({ primary: '#7b1fa2' });
    for (const system of [before, after]) {
      expect(system.isRecipe('laterTag')).toBe(true);
      expect(system.isSlotRecipe('laterCard')).toBe(true);
      expect(system.getRecipeFn('laterTag')({})).toMatchObject({ '@layer recipes': { color: 'var(--chakra-colors-red-500)' } });
    }
  });

  it('are only the design system\'s: the login\'s own recipes are built in', () => {
    const system = createRastroSystem();
    expect(system.isRecipe('button')).toBe(true);
    expect(system.isSlotRecipe('field')).toBe(true);
  });
});

describe('dark mode (Chakra class-based colour mode, `.dark` on <html>)', () => {
  const dark = { primary: '#7b1fa2', secondary: '#047857', background: '#0b1020', surface: '#1f2937', text: '#f3f4f6' };
  /** The CSS variables a system declares for light mode and for `.dark`. */
  function modeVariables(colors: Parameters<typeof createRastroSystem>[0]) {
    const blocks = Object.entries(createRastroSystem(colors).getTokenCss()['@layer tokens'] as Record<string, Record<string, string>>);
    const block = (test: (selector: string) => boolean) => blocks.find(([selector]) => test(selector))?.[1] ?? {};
    return { light: block((selector) => selector.includes('.light')), dark: block((selector) => selector.startsWith('.dark')) };
  }

  it("paints the page, panels, text and borders from the theme's dark colours, keeping the light ones", () => {
    const { light, dark: night } = modeVariables({ primary: '#1a56db', surface: '#fefefe', text: '#111827', dark });
    expect(night).toMatchObject({ '--chakra-colors-bg': '#0b1020', '--chakra-colors-bg-panel': '#1f2937', '--chakra-colors-fg': '#f3f4f6', '--chakra-colors-theme-background': '#0b1020' });
    expect(night['--chakra-colors-border']).toBe(mixColour('#1f2937', -0.2));
    expect(light).toMatchObject({ '--chakra-colors-bg-panel': '#fefefe', '--chakra-colors-fg': '#111827' });
  });

  it('makes the dark primary the brand colour of solid buttons in dark mode, with lighter brand text', () => {
    const { light, dark: night } = modeVariables({ primary: '#1a56db', dark });
    expect(light['--chakra-colors-brand-solid']).toBe('var(--chakra-colors-brand-500)');
    expect(night).toMatchObject({ '--chakra-colors-brand-solid': '#7b1fa2', '--chakra-colors-brand-fg': mixColour('#7b1fa2', -0.55) });
  });

  it("falls back to Rastro's dark colours and the light primary when the theme has no dark set", () => {
    const { dark: night } = modeVariables({ primary: '#1a56db' });
    expect(night).toMatchObject({ '--chakra-colors-bg': DEFAULT_DARK_COLOURS.background, '--chakra-colors-brand-solid': '#1a56db' });
  });
});
