const { createAppConfig } = require('@rastro/build');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_admin',
  kind: 'remote',
  exposes: {
    './server': './src/areas/server.ts',
    './logs': './src/areas/logs.ts',
    './theme': './src/areas/theme.ts',
    './resellers': './src/areas/resellers.ts',
  },
  devPort: 3005,
});
