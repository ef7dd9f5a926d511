const { createAppConfig } = require('@rastro/build');

module.exports = createAppConfig({ dir: __dirname, name: 'shell', kind: 'host', devPort: 3000 });
