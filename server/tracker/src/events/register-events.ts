import type { Database } from '@rastro/db';
import type { DevicesRepository } from '../db/devices-repository';
import type { EntityStore } from '../db/entity-store';
import type { ServerSettingsRepository } from '../db/server-settings-repository';
import { computedAttributesProcessor } from '../computed/computed-attributes-processor';
import { readConfigVersion } from '../db/config-changes';
import { distanceProcessor } from '../ingest/distance-processor';
import type { PositionIngest } from '../ingest/position-ingest';
import { alarmEvents } from './alarm-events';
import { commandResultEvents } from './command-result-events';
import { driverEvents } from './driver-events';
import { fuelEvents } from './fuel-events';
import { FixEventSource } from './fix-event-source';
import { ignitionEvents } from './flip-events';
import { FleetConfigCache } from './fleet-config-cache';
import { loadFleetConfig } from './fleet-config-loader';
import { geofenceEvents } from './geofence-events';
import { GeofenceLocator } from './geofence-locator';
import { maintenanceEvents } from './maintenance-events';
import { MotionEventSource } from './motion-events';
import { overspeedEvents } from './overspeed-events';
import { StatusEventSource } from './status-events';
import { webEventDelivery, type EventPublisher } from './web-delivery';

export interface EventHandlingDependencies {
  db: Database;
  devices: DevicesRepository;
  entities: EntityStore;
  serverSettings: ServerSettingsRepository;
  ingest: PositionIngest;
  sockets: EventPublisher;
  /** How stale the in-memory configuration may be, in ms (default 1000). */
  configMaxAgeMs?: number;
}

/**
 * Traccar's handlers on the ingest pipeline — distance, computed attributes and geofences before a position
 * is stored, then the event handlers — and the web channel that delivers what they find.
 * Answers the in-memory fleet configuration they share (the OsmAnd port finds devices in it).
 */
export function registerEventHandling({ db, devices, entities, serverSettings, ingest, sockets, configMaxAgeMs }: EventHandlingDependencies): FleetConfigCache {
  const config = new FleetConfigCache({
    load: () => loadFleetConfig({ db, devices, entities, serverSettings }),
    version: () => readConfigVersion(db),
    maxAgeMs: configMaxAgeMs,
  });
  const locator = new GeofenceLocator();
  ingest.addPositionProcessor(distanceProcessor());
  ingest.addPositionProcessor(computedAttributesProcessor(config));
  ingest.addPositionProcessor(locator.processor(config));
  ingest.addEventSource(new StatusEventSource());
  ingest.addEventSource(new MotionEventSource(config));
  const detectors = [
    ignitionEvents,
    geofenceEvents(locator),
    overspeedEvents(locator),
    alarmEvents,
    driverEvents,
    commandResultEvents,
    maintenanceEvents,
    fuelEvents,
  ];
  for (const detect of detectors) ingest.addEventSource(new FixEventSource(config, detect));
  ingest.deliverEventsWith(webEventDelivery(config, sockets));
  return config;
}
