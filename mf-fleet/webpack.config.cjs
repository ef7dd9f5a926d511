const { createAppConfig } = require('@rastro/build');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_fleet',
  kind: 'remote',
  exposes: { './devices': './src/areas/devices.ts' },
  devPort: 3002,
});
