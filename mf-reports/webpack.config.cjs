const { createAppConfig } = require('@rastro/build');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_reports',
  kind: 'remote',
  // /history is the same remote module under the area name the shell's route table gives it.
  exposes: { './reports': './src/areas/reports.ts', './history': './src/areas/reports.ts' },
  devPort: 3003,
});
