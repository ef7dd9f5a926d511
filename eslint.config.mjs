import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const exportAll = { selector: 'ExportAllDeclaration', message: 'List named exports explicitly: a package has a small public API.' };

/**
 * Characters used as icons: arrows, geometric shapes, dingbats, miscellaneous symbols and emoji.
 * Whether they draw, and as what, depends on the fonts installed (Debian's Chromium without an
 * emoji font draws an empty box), so browser code draws icons as SVG from lucide-react.
 */
const GLYPH = '[\u2190-\u21FF\u2300-\u23FF\u25A0-\u27BF\u2B00-\u2BFF\uFE0F]|[\uD83C-\uD83E][\uDC00-\uDFFF]';
const glyphMessage = 'Draw an icon with lucide-react (aria-hidden beside text, or an aria-label on its button), not a character that depends on the fonts installed.';
const noGlyphIcons = ['JSXText[value', 'Literal[value', 'TemplateElement[value.raw'].map((attribute) => ({ selector: `${attribute}=/${GLYPH}/]`, message: glyphMessage }));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tools/**', '.data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', exportAll],
    },
  },
  {
    // Browser code: icons are SVG, never characters (see GLYPH).
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', exportAll, ...noGlyphIcons] },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
