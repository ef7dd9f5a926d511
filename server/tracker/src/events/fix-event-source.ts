import type { NewEvent } from '../entities/event';
import type { EventType } from '../entities/event-types';
import type { PositionRecord } from '../entities/position';
import type { EventSource, IngestBatch } from '../ingest/position-ingest';
import type { FleetConfig } from './fleet-config';
import type { FleetConfigSource } from './fleet-config-cache';

/** Events one new fix causes, compared with the device's previous latest fix (if any). */
export type FixDetector = (fix: PositionRecord, previous: PositionRecord | undefined, config: FleetConfig) => NewEvent[];

/** Runs a detector over every fix of an ingest step, with the configuration read once per step. */
export class FixEventSource implements EventSource {
  constructor(
    private readonly config: FleetConfigSource,
    private readonly detect: FixDetector,
  ) {}

  async eventsFor(batch: IngestBatch): Promise<NewEvent[]> {
    if (batch.positions.length === 0) return [];
    const config = await this.config.current();
    return batch.positions.flatMap(({ position, previous }) => this.detect(position, previous, config));
  }
}

/** An event about a fix, as Traccar's `new Event(type, position)`: at the device's time. */
export function fixEvent(type: EventType, fix: PositionRecord, details: Partial<Pick<NewEvent, 'geofenceId' | 'maintenanceId' | 'attributes'>> = {}): NewEvent {
  return { type, eventTime: fix.deviceTime, deviceId: fix.deviceId, positionId: fix.id, geofenceId: 0, maintenanceId: 0, attributes: {}, ...details };
}

/**
 * A fix older than the one the device already reported: Traccar does not let it change state
 * (ignition, motion, geofences…), or a late packet would flap them back and forth.
 */
export function isLate(fix: PositionRecord, previous: PositionRecord | undefined): boolean {
  return previous !== undefined && fix.fixTime < previous.fixTime;
}
