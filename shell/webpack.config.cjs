const { createAppConfig } = require('@rastro/build');
const { InitialSizeReportPlugin } = require('./initial-size-report.cjs');

const appConfig = createAppConfig({ dir: __dirname, name: 'shell', kind: 'host', devPort: 3000 });

module.exports = (env, argv) => {
  const config = appConfig(env, argv);
  return { ...config, plugins: [...config.plugins, new InitialSizeReportPlugin()] };
};
