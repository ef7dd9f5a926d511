import type { MapCatalog } from './catalog';

export const mapEnUS: MapCatalog = {
  layers: {
    title: 'Map layers',
    groups: 'Group',
    geofences: 'Geofences',
    names: 'Names',
    plates: 'Plates',
    precision: 'Precision',
    status: 'Status',
  },
  state: {
    alarm: 'Alarm',
    blocked: 'Blocked',
    offline: 'Offline',
    unknown: 'Unknown',
    moving: 'Moving',
    ignition: 'Ignition on',
    online: 'Stopped',
  },
  speed: '{{value}} km/h',
  device: { follow: 'Follow', trail: 'Trail' },
  cluster: {
    title: '{{count}} devices here',
    zoomIn: 'Zoom in',
    close: 'Close',
    more: 'and {{count}} more',
  },
  draw: {
    title: 'New geofence',
    circle: 'Circle',
    polygon: 'Polygon',
    line: 'Line',
  },
};
