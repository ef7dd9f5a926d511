const base = require('../../jest.preset.cjs')(__dirname);

module.exports = {
  ...base,
  // @fastify/static 10 requires content-disposition 3, which ships ESM only. Node 20 loads it with
  // require(esm); Jest's module loader cannot, so swc compiles that one package to CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(?:\\.pnpm/)?content-disposition)'],
};
