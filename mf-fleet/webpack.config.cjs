const { createAppConfig } = require('@rastro/build');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_fleet',
  kind: 'remote',
  exposes: {
    './devices': './src/areas/devices.ts',
    './groups': './src/areas/groups.ts',
    './geofences': './src/areas/geofences.ts',
    './calendars': './src/areas/calendars.ts',
    './maintenance': './src/areas/maintenance.ts',
  },
  devPort: 3002,
});
