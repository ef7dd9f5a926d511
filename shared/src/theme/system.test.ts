import { addRecipes, createRastroSystem } from './system';

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
