const { createAppConfig } = require('@rastro/build');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_billing',
  kind: 'remote',
  exposes: { './invoices': './src/areas/invoices.ts', './management': './src/areas/management.ts' },
  devPort: 3004,
});
