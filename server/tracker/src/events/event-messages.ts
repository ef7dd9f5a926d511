import { formatDate } from '../entities/dates';
import type { NewEvent } from '../entities/event';
import type { FleetConfig } from './fleet-config';

const KMH_PER_KNOT = 1.852;

type Describe = (event: NewEvent, config: FleetConfig) => string;

const kmh = (knots: unknown) => `${Math.round(Number(knots) * KMH_PER_KNOT)} km/h`;
const geofenceName = (event: NewEvent, config: FleetConfig) => config.geofence(event.geofenceId)?.name ?? `#${event.geofenceId}`;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** What follows the device's name, per event type — the gist of Traccar's notification templates. */
const DESCRIPTIONS: Record<string, Describe> = {
  commandResult: (event) => `: command result ${text(event.attributes.result)}`,
  deviceOnline: () => ' is online',
  deviceOffline: () => ' is offline',
  deviceUnknown: () => ' status is unknown',
  deviceMoving: () => ' is moving',
  deviceStopped: () => ' has stopped',
  deviceInactive: (event) => ` has been inactive since ${formatDate(new Date(Number(event.attributes.lastUpdate)))}`,
  deviceFuelDrop: () => ': fuel drop',
  deviceFuelIncrease: () => ': fuel increase',
  deviceOverspeed: (event) => ` exceeds the speed limit: ${kmh(event.attributes.speed)} (limit ${kmh(event.attributes.speedLimit)})`,
  geofenceEnter: (event, config) => ` entered geofence ${geofenceName(event, config)}`,
  geofenceExit: (event, config) => ` exited geofence ${geofenceName(event, config)}`,
  alarm: (event) => `: alarm ${text(event.attributes.alarm)}`,
  ignitionOn: () => ': ignition on',
  ignitionOff: () => ': ignition off',
  maintenance: (event, config) => `: maintenance ${config.maintenance(event.maintenanceId)?.name ?? `#${event.maintenanceId}`} is due`,
  driverChanged: (event, config) => {
    const uniqueId = text(event.attributes.driverUniqueId);
    return `: driver changed to ${config.driverName(uniqueId) ?? uniqueId}`;
  },
};

/** The short text the web channel shows, e.g. "Fiat Uno: ignition on", "Truck 3 entered geofence Depot". */
export function eventMessage(event: NewEvent, config: FleetConfig): string {
  const device = config.device(event.deviceId)?.name ?? `Device ${event.deviceId}`;
  const describe = DESCRIPTIONS[event.type];
  return describe ? `${device}${describe(event, config)}` : `${device}: ${event.type}`;
}
