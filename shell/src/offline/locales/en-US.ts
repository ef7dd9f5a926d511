import type { OfflineCatalog } from '../catalog';

export const offlineEnUS: OfflineCatalog = {
  offline: 'Offline: the server cannot be reached. Showing the last known positions.',
  newVersion: 'A new version of Rastro is available.',
  reload: 'Reload',
  push: {
    enable: 'Get notifications on this device',
    enabled: 'Notifications are on for this device.',
    denied: 'Notifications are blocked in this browser. Allow them in the site settings.',
    failed: 'Notifications could not be turned on for this device.',
  },
};
