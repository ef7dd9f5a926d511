import { createRastroSystem } from './system';

describe('the shared Chakra system', () => {
  it('makes colorPalette="brand" paint solid buttons in the theme primary colour', () => {
    const system = createRastroSystem({ primary: '#7b1fa2' });
    expect(system.css({ colorPalette: 'brand' })).toMatchObject({ '--chakra-colors-color-palette-solid': 'var(--chakra-colors-brand-solid)' });
    expect(system.token('colors.brand.500')).toBe('#7b1fa2');
    expect(system.token.var('colors.brand.solid')).toBe('var(--chakra-colors-brand-solid)');
  });
});
