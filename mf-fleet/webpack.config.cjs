const { createAppConfig } = require('@rastro/build');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_fleet',
  kind: 'remote',
  exposes: {
    './devices': './src/areas/devices.ts',
    './commands': './src/areas/commands.ts',
    './notifications': './src/areas/notifications.ts',
    './drivers': './src/areas/drivers.ts',
    './computed': './src/areas/computed.ts',
    './groups': './src/areas/groups.ts',
    './geofences': './src/areas/geofences.ts',
    './calendars': './src/areas/calendars.ts',
    './maintenance': './src/areas/maintenance.ts',
    './users': './src/areas/users.ts',
    './account': './src/areas/account.ts',
    './autolink': './src/areas/autolink.ts',
    './qrDriver': './src/areas/qrDriver.ts',
    './qrDriverScan': './src/areas/qrDriver.ts',
  },
  devPort: 3002,
});
