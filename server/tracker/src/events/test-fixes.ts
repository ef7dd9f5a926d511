import type { PositionRecord } from '../entities/position';
import { FleetConfig, type FleetConfigData } from './fleet-config';

/** Hand-made fixes and configurations for the event sources' unit tests. */

let nextId = 1;
const START = Date.parse('2026-03-02T12:00:00Z');

export function fix(deviceId: number, { secondsLater = 0, ...fields }: Partial<PositionRecord> & { secondsLater?: number } = {}): PositionRecord {
  const time = new Date(START + secondsLater * 1000);
  return {
    id: nextId++,
    deviceId,
    protocol: 'osmand',
    serverTime: time,
    deviceTime: time,
    fixTime: time,
    valid: true,
    latitude: -23.5505,
    longitude: -46.6333,
    altitude: 760,
    speed: 0,
    course: 0,
    accuracy: 5,
    address: null,
    attributes: {},
    ...fields,
  };
}

const NO_LINKS = { geofence: [], maintenance: [], notification: [] };

export function fleetConfig(data: Partial<FleetConfigData>): FleetConfig {
  return new FleetConfig({
    devices: [],
    groups: [],
    geofences: [],
    maintenances: [],
    notifications: [],
    drivers: [],
    deviceLinks: NO_LINKS,
    groupLinks: NO_LINKS,
    userNotifications: [],
    managedUsers: [],
    ...data,
  });
}

export const EMPTY_CONFIG = fleetConfig({});
