import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

const exportAll = { selector: 'ExportAllDeclaration', message: 'List named exports explicitly: a package has a small public API.' };

/**
 * Characters used as icons: arrows, geometric shapes, dingbats, miscellaneous symbols and emoji.
 * Whether they draw, and as what, depends on the fonts installed (Debian's Chromium without an
 * emoji font draws an empty box), so browser code draws icons as SVG from lucide-react.
 */
const GLYPH = '[\u2190-\u21FF\u2300-\u23FF\u25A0-\u27BF\u2B00-\u2BFF\uFE0F]|[\uD83C-\uD83E][\uDC00-\uDFFF]';
const glyphMessage = 'Draw an icon with lucide-react (aria-hidden beside text, or an aria-label on its button), not a character that depends on the fonts installed.';
const noGlyphIcons = ['JSXText[value', 'Literal[value', 'TemplateElement[value.raw'].map((attribute) => ({ selector: `${attribute}=/${GLYPH}/]`, message: glyphMessage }));

/*
 * The architecture's dependency rules (ARCHITECTURE.md, README "Rules the lint step enforces"),
 * checked by @typescript-eslint/no-restricted-imports: a rule of its own, so the plain
 * no-restricted-imports stays free for other rules (the UI-kit import rule). Flat config lets a
 * later block replace a rule's options for the files it matches, so each group of files below
 * gets its whole list at once and the groups do not overlap.
 */
const RELATIVE_INTO = (folders) => `^(\\.\\./)+(${folders})(/|$)`;
const rule = {
  internals: {
    group: ['@rastro/*/**', '!@rastro/shared/contract', '!@rastro/shared/base-maps', '!@rastro/shared/core'],
    message: "Import a package's public API (its index), not its files; @rastro/shared/contract is shared's server-safe part, @rastro/shared/base-maps the base-map table (kept out of the federation-shared bundle, so it loads with the map), @rastro/shared/core the login's.",
  },
  otherRemote: {
    group: ['@rastro/shell', '@rastro/mf-*', 'mf_*', 'mf_*/**'],
    message: 'A remote never imports another remote or the shell: they talk through the bus and the shared stores (ARCHITECTURE.md).',
  },
  otherRemoteRelative: {
    regex: RELATIVE_INTO('(shell|mf-[a-z]+)/src'),
    message: 'A remote never imports another remote or the shell: they talk through the bus and the shared stores (ARCHITECTURE.md).',
  },
  anyApp: {
    group: ['@rastro/shell', '@rastro/mf-*', '@rastro/e2e', '@rastro/build', 'mf_*', 'mf_*/**'],
    message: '@rastro/shared is what the apps build on: it imports none of them.',
  },
  anyAppRelative: {
    regex: RELATIVE_INTO('(shell|mf-[a-z]+|build)/src|e2e/(tests|bench)'),
    message: '@rastro/shared is what the apps build on: it imports none of them.',
  },
  server: {
    group: ['@rastro/gateway', '@rastro/tracker', '@rastro/db'],
    message: 'Browser code imports no server code and no Node built-in.',
  },
  node: {
    group: ['node:*', 'node:*/**'],
    message: 'Browser code imports no server code and no Node built-in.',
  },
  serverRelative: {
    regex: RELATIVE_INTO('server/(gateway|tracker|db)'),
    message: 'Browser code imports no server code and no Node built-in.',
  },
  productForTracker: {
    group: ['@rastro/*', '!@rastro/db'],
    message: 'The tracker stands in for Traccar: it imports no product package, only the database seam @rastro/db.',
  },
  productForDb: {
    group: ['@rastro/*'],
    message: '@rastro/db is the database seam every server builds on: it imports no product package.',
  },
  productRelativeFromServer: {
    regex: RELATIVE_INTO('(shell|mf-[a-z]+|shared|build|gateway|tracker|db)/src|e2e/(tests|bench)'),
    message: 'Reach another package through its name and public API, never through a relative path.',
  },
  browserApps: {
    group: ['@rastro/shell', '@rastro/mf-*'],
    message: 'Server code imports no browser app.',
  },
};
/** An exact name: a pattern would also match its subpaths, and @rastro/shared/contract is meant for the servers. */
const wholeSharedAfterSignIn = {
  name: '@rastro/shared',
  message: "The login loads '@rastro/shared/core' only; the whole of @rastro/shared (the design system) comes after sign-in, through import().",
};
const browserHalfOfShared = { name: '@rastro/shared', message: 'Server code imports only the server-safe @rastro/shared/contract, not the browser half of shared.' };
/** Node's built-ins without the node: prefix too (fs, path, …): browser code has none of them. */
const bareBuiltins = builtinModules.filter((name) => !name.startsWith('_') && !name.includes(':')).map((name) => ({ name, message: rule.server.message }));
const BROWSER_ONLY_TESTS_AND_TOOLS = ['**/*.test.{ts,tsx}', '**/bench/**', '**/test-support/**'];
const restrict = (patterns, paths = []) => ({ '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] });
const REMOTES = 'mf-*/src/**/*.{ts,tsx}';
const architecture = [
  // Everywhere (e2e, build, tests included) unless a group below says more.
  { files: ['**/*.{ts,tsx}'], rules: restrict([rule.internals]) },
  // Remotes: browser code, apart from their tests and benchmarks (which run on Node).
  { files: [REMOTES], ignores: BROWSER_ONLY_TESTS_AND_TOOLS, rules: restrict([rule.internals, rule.otherRemote, rule.otherRemoteRelative, rule.server, rule.serverRelative, rule.node], bareBuiltins) },
  { files: BROWSER_ONLY_TESTS_AND_TOOLS.map((glob) => `mf-*/src/${glob}`), rules: restrict([rule.internals, rule.otherRemote, rule.otherRemoteRelative]) },
  // The shell: browser code.
  { files: ['shell/src/**/*.{ts,tsx}'], ignores: BROWSER_ONLY_TESTS_AND_TOOLS, rules: restrict([rule.internals, rule.server, rule.serverRelative, rule.node], bareBuiltins) },
  // @rastro/shared: no app, no server; browser code apart from its tests.
  { files: ['shared/src/**/*.{ts,tsx}'], ignores: BROWSER_ONLY_TESTS_AND_TOOLS, rules: restrict([rule.internals, rule.anyApp, rule.anyAppRelative, rule.server, rule.serverRelative, rule.node], bareBuiltins) },
  { files: BROWSER_ONLY_TESTS_AND_TOOLS.map((glob) => `shared/src/${glob}`), rules: restrict([rule.internals, rule.anyApp, rule.anyAppRelative, rule.server, rule.serverRelative]) },
  // Servers.
  { files: ['server/tracker/**/*.ts'], rules: restrict([rule.internals, rule.productForTracker, rule.productRelativeFromServer]) },
  { files: ['server/db/**/*.ts'], rules: restrict([rule.internals, rule.productForDb, rule.productRelativeFromServer]) },
  { files: ['server/gateway/**/*.ts'], rules: restrict([rule.internals, rule.browserApps, rule.productRelativeFromServer], [browserHalfOfShared]) },
];

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
    // One design system: Chakra is tree-shaken and shared once, inside @rastro/shared (README, "Front-end weight").
    files: ['**/*.{ts,tsx}'],
    ignores: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@chakra-ui/*', '@emotion/*'],
              message: "Import UI from '@rastro/shared' (its design-system exports); a missing component is added there.",
            },
          ],
        },
      ],
    },
  },
  {
    // The app's frame (routes, guard, the public forms) takes @rastro/shared/core; the whole
    // @rastro/shared (the design system) comes through import() with the layout or a session:
    // README, "Front-end weight".
    files: ['shell/src/{app,routing}/**/*.{ts,tsx}', 'shell/src/public/PublicForm.tsx', 'shell/src/session/userKind.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            wholeSharedAfterSignIn,
          ],
          patterns: [
            {
              group: ['@chakra-ui/*', '@emotion/*'],
              message: "Import UI from '@rastro/shared/core' (the public screens' few components) or '@rastro/shared' (the design system).",
            },
          ],
        },
      ],
    },
  },
  {
    // The light login: what the page runs before its password field shows (and the login inside
    // the app, the same code). React, i18next and plain elements with CSS only: no Chakra (not
    // even core's few components), no router, no federation runtime; the app brings them after
    // sign-in (README, "Front-end weight"). The shell's build also fails over the login budget.
    files: [
      'shell/src/index.ts',
      'shell/src/{start,login,public,theme}/**/*.{ts,tsx}',
      'shell/src/routing/{guard,routeTable,pathPattern}.ts',
      'shell/src/language/{LanguageSwitcher,languageChoice}.{ts,tsx}',
      'shell/src/session/{session,serverInfo}.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}', 'shell/src/public/PublicForm.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            wholeSharedAfterSignIn,
            {
              name: '@rastro/shared/core',
              importNames: ['Alert', 'Box', 'Button', 'ChakraProvider', 'Checkbox', 'ControlGroup', 'Field', 'Flex', 'Heading', 'Image', 'Input', 'Link', 'List', 'NativeSelect', 'Spinner', 'Stack', 'Text', 'createRastroSystem', 'rastroSystem'],
              message: 'The login draws with plain elements and public.css: Chakra comes with the app, after sign-in.',
            },
            { name: 'react-router', message: 'The login navigates through its `navigate` prop: the router comes with the app, after sign-in.' },
          ],
          patterns: [
            { group: ['@chakra-ui/*', '@emotion/*'], message: 'The login draws with plain elements and public.css.' },
            { group: ['@module-federation/*'], message: 'The federation runtime starts with the layout (remotes/federation.ts), after sign-in.' },
          ],
        },
      ],
    },
  },
  {
    // Browser code: icons are SVG, never characters (see GLYPH).
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', exportAll, ...noGlyphIcons] },
  },
  // The architecture's dependency rules: a block of their own (see `architecture`).
  ...architecture,
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
