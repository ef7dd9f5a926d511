import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Rastro's default look; a reseller's theme (colours, logos) will override these tokens per domain. */
const rastroConfig = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e6f4f1' },
          100: { value: '#c0e4dc' },
          500: { value: '#0f766e' },
          600: { value: '#0d5f59' },
          700: { value: '#0a4a45' },
        },
      },
    },
    semanticTokens: {
      colors: {
        'brand.solid': { value: '{colors.brand.500}' },
        'brand.contrast': { value: 'white' },
        'brand.fg': { value: '{colors.brand.700}' },
        'brand.muted': { value: '{colors.brand.100}' },
        'brand.subtle': { value: '{colors.brand.50}' },
        'brand.emphasized': { value: '{colors.brand.600}' },
        'brand.focusRing': { value: '{colors.brand.500}' },
      },
    },
  },
});

export const rastroSystem = createSystem(defaultConfig, rastroConfig);
