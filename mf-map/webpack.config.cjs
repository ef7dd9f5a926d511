const { createAppConfig } = require('@rastro/build');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_map',
  kind: 'remote',
  exposes: { './map': './src/areas/map.ts' },
  devPort: 3001,
});
