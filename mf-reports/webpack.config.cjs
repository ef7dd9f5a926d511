const { createAppConfig } = require('@rastro/build');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_reports',
  kind: 'remote',
  exposes: { './reports': './src/areas/reports.ts' },
  devPort: 3003,
});
