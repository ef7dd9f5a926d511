// One webpack + Module Federation configuration for the shell and every remote. An app's
// webpack.config.cjs only names itself and what it exposes; everything else lives here.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * Libraries that must exist once per page, so every remote shares React, stores, bus and i18n.
 * Chakra UI and emotion are not on the list: a shared module is built whole (nobody knows what a
 * remote loaded later will ask of it), and all of Chakra is 300 KB gzip. Apps reach Chakra only
 * through @rastro/shared's design-system exports, so it is tree-shaken to what the product uses,
 * and sharing @rastro/shared still gives one Chakra system and one emotion cache per page.
 * @rastro/shared is two singletons: its core (what the login needs) and the whole (the design
 * system and the rest, loaded after sign-in). Both import the same files (stores, the Chakra
 * provider), one module each in the shell's build; the shell loads both before any remote (the
 * whole at sign-in, shell/src/session/session.ts), so 'loaded-first' gives every remote the
 * shell's copies, never a remote's second session store or Chakra context.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'zustand',
  'i18next',
  'react-i18next',
  'eventemitter3',
  'single-spa',
  'single-spa-react',
  '@rastro/shared/core',
  '@rastro/shared',
];

// Workspace versions are written as `catalog:` / `workspace:*`, which are not semver ranges:
// the version check is switched off and singleton-ness does the work.
const shared = Object.fromEntries(SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false }]));

/** The package a module specifier belongs to: `react/jsx-runtime` → `react`, `@rastro/shared/core` → `@rastro/shared`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The version of each singleton as the app installed it (its own node_modules link), for the
 * shell's runtime share scope: `{ react: '19.2.0', 'react/jsx-runtime': '19.2.0', … }`.
 */
function singletonVersions(dir) {
  const fs = require('node:fs');
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const manifest = path.join(dir, 'node_modules', packageOf(name), 'package.json');
      return [name, JSON.parse(fs.readFileSync(manifest, 'utf8')).version];
    }),
  );
}

const GATEWAY_URL = process.env.RASTRO_GATEWAY_URL || 'http://localhost:8080';

/**
 * Production names of script files: `main.<hash>.js`, `remoteEntry.<hash>.js` for the container
 * (the chunk named after the federation name), `<name>.<hash>.js` for chunks. Functions, not a
 * "[name].[contenthash].js" template, because @module-federation/enhanced's runtime module asks for
 * its own chunk's file name before any hash exists, only to learn how deep in the output folder it
 * sits, and a [contenthash] template fails there ("not implemented in this context"). That runtime
 * goes in every chunk with a runtime of its own: the entries, and a worker's chunk (mf-reports'
 * rows worker). Until the hash is known the same name without it is given: same folder, same depth.
 */
function hashedFilename(containerName) {
  return ({ chunk }) => {
    const base = containerName && chunk?.name === containerName ? 'remoteEntry' : '[name]';
    return chunk?.contentHash?.javascript ? `${base}.[contenthash:10].js` : `${base}.js`;
  };
}

/**
 * @param {object} app
 * @param {string} app.dir        the app's package folder (__dirname of its webpack config)
 * @param {string} app.name       federation name, e.g. "mf_map" or "shell"
 * @param {'host'|'remote'} app.kind
 * @param {Record<string,string>} [app.exposes]  remote only: area modules, e.g. { './map': './src/areas/map.ts' }
 * @param {number} app.devPort    port of the app's own dev server
 * @param {string} [app.serviceWorker]  host only: the service worker's source, built to /sw.js with
 *   the app's own files listed in it for precaching (production builds only: a development
 *   server's files change under it)
 */
function createAppConfig({ dir, name, kind, exposes = {}, devPort, serviceWorker }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const isHost = kind === 'host';
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        // The shell lives at the site root; a remote learns its address from where its manifest was loaded.
        publicPath: isHost ? '/' : 'auto',
        // Every production script is content-hashed, entries too: index.html (html-webpack-plugin)
        // names the shell's main bundle and mf-manifest.json names each remoteEntry, and those two
        // are served no-cache, so a deploy is picked up while everything else is cached for a year.
        filename: production ? hashedFilename(name) : '[name].js',
        chunkFilename: production ? hashedFilename(null) : '[name].js',
        assetModuleFilename: production ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
        uniqueName: name,
        // SPEC §9: a script chunk load fails after 120 s.
        chunkLoadTimeout: 120_000,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/, use: require.resolve('./chakra-theme-pure-loader.cjs') },
          // `import url from 'x?url'` gives the emitted file's address (the map engine's worker script).
          { resourceQuery: /url/, type: 'asset/resource' },
          { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
        ],
      },
      optimization: {
        minimize: production,
        // swc, not terser: terser takes ~20 s on the map library alone.
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      plugins: [
        new webpack.DefinePlugin({
          __RASTRO_DEV_EMAIL__: JSON.stringify(process.env.RASTRO_DEV_EMAIL || 'admin@rastro.demo'),
          __RASTRO_DEV_PASSWORD__: JSON.stringify(process.env.RASTRO_DEV_PASSWORD || 'admin'),
          // The shell provides these to the remotes through the federation runtime it starts itself.
          ...(isHost ? { __RASTRO_SINGLETON_VERSIONS__: JSON.stringify(singletonVersions(dir)) } : {}),
        }),
        // The shell is a plain webpack app: a host's federation plugin would put the federation
        // runtime (23 KB gzip) and the negotiation of every shared library in front of the login.
        // It starts `@module-federation/enhanced/runtime` after sign-in instead, handing the
        // remotes the instances it already loaded (shell/src/remotes/federation.ts).
        ...(isHost ? [] : [new ModuleFederationPlugin({
          name,
          // In production the container entry takes output.filename (this option only takes a fixed
          // string): remoteEntry.<hash>.js. The shell's federation runtime finds it through the
          // remote's mf-manifest.json, which records the emitted name.
          filename: production ? undefined : 'remoteEntry.js',
          exposes,
          // Remotes never import each other: the shell registers them at runtime from /rastro/remotes.
          remotes: {},
          shared,
          // 'loaded-first' does not fetch every remote's entry at start, so one offline remote cannot stall the page.
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // Browser apps only: the federation runtime drops its Node.js code paths.
          experiments: { optimization: { target: 'web' } },
        })]),
        // The shell's page always; a remote's page only in development, for standalone work.
        ...(isHost || !production
          ? [
              // Scripts from the site root, so a deep link (/devices/7) served the page by the
              // history fallback still finds them.
              new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), title: 'Rastro', chunks: ['main'], publicPath: '/' }),
            ]
          : []),
        ...(isHost && production && serviceWorker
          ? [
              // Required here, not at the top: it loads webpack's serializers, which the shell's jsdom
              // tests that read this file's shared list cannot evaluate.
              new (require('workbox-webpack-plugin').InjectManifest)({
                swSrc: path.join(dir, serviceWorker),
                swDest: 'sw.js',
                // Source maps and licence notes are never fetched by a page. Everything else the
                // app builds is: the login, the screens after it, each language's catalog.
                exclude: [/\.map$/, /\.LICENSE\.txt$/],
                // The shared design-system chunk is over Workbox's 2 MiB default.
                maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
              }),
            ]
          : []),
      ],
      devServer: {
        port: devPort,
        hot: false,
        // Every app owns its addresses when it runs alone: a reload of /devices/7 gets the page.
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // Warnings stay in the terminal: maplibre's "critical dependency" one would cover the map.
        client: { overlay: { errors: true, warnings: false } },
        // Standalone development talks to a running gateway, as the shell does in production; the
        // shell's dev server also loads the built remotes the gateway lists under /remotes.
        proxy: [{ context: ['/api', '/rastro', '/remotes'], target: GATEWAY_URL, ws: true, changeOrigin: false }],
      },
    };
  };
}

module.exports = { createAppConfig, SINGLETONS, singletonVersions };
