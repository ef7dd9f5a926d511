import type { DevicesRepository } from '../db/devices-repository';
import type { EventsRepository } from '../db/events-repository';
import type { PositionsRepository } from '../db/positions-repository';
import { deviceToJson, type DeviceStatus } from '../entities/device';
import type { EventRecord, NewEvent } from '../entities/event';
import type { NewPosition, PositionRecord } from '../entities/position';
import type { LiveFleet } from '../live/live-fleet';
import type { SocketHub } from '../socket/socket-hub';

export interface StatusChange {
  deviceId: number;
  status: DeviceStatus;
}

/** What one ingest step produced, handed to every event source. */
export interface IngestBatch {
  /** The new fixes, stored (with ids), each with the device's previous latest position, if any. */
  positions: ReadonlyArray<{ position: PositionRecord; previous: PositionRecord | undefined }>;
  /** Status changes that really happened in this step (online, offline, unknown). */
  statusChanges: readonly StatusChange[];
  now: Date;
}

/** Turns what happened into Traccar events (motion, ignition, geofences, alarms…). */
export interface EventSource {
  eventsFor(batch: IngestBatch): Promise<NewEvent[]> | NewEvent[];
}

/**
 * Completes positions before they are stored, as Traccar's handlers do ahead of its database
 * (computed attributes, the geofences a fix lies in). Given the whole step, answers the
 * positions to store instead — one call per step, so a processor reads its configuration once.
 */
export type PositionProcessor = (positions: readonly NewPosition[], live: LiveFleet) => Promise<readonly NewPosition[]> | readonly NewPosition[];

/** Delivers stored events to whoever must hear of them (the websocket's `{"events":[…]}`). */
export type EventDelivery = (events: readonly EventRecord[]) => Promise<void> | void;

export interface PositionIngestDependencies {
  positions: PositionsRepository;
  devices: DevicesRepository;
  events: EventsRepository;
  live: LiveFleet;
  sockets: SocketHub;
}

/**
 * The one way positions enter the tracker, whoever sent them (the simulator, the OsmAnd port):
 * store them, update the live state, detect events, then tell the sockets. Status changes come
 * along because a device that reports comes online, and the simulator decides some go offline.
 */
export class PositionIngest {
  private readonly processors: PositionProcessor[] = [];
  private readonly eventSources: EventSource[] = [];
  private eventDelivery: EventDelivery = () => undefined;
  private readonly counters: Array<(received: number, stored: readonly PositionRecord[]) => void> = [];

  constructor(private readonly deps: PositionIngestDependencies) {}

  /** Processors run in the order they were added. */
  addPositionProcessor(processor: PositionProcessor): void {
    this.processors.push(processor);
  }

  addEventSource(source: EventSource): void {
    this.eventSources.push(source);
  }

  /** Told how many positions came in and which were stored, at every step (the server statistics). */
  countWith(counter: (received: number, stored: readonly PositionRecord[]) => void): void {
    this.counters.push(counter);
  }

  deliverEventsWith(delivery: EventDelivery): void {
    this.eventDelivery = delivery;
  }

  async ingest(newPositions: readonly NewPosition[], requestedStatusChanges: readonly StatusChange[] = [], now = new Date()): Promise<PositionRecord[]> {
    const { positions, devices, live, sockets } = this.deps;
    let accepted: readonly NewPosition[] = newPositions.filter((position) => !live.isRemoved(position.deviceId));
    for (const process of this.processors) if (accepted.length > 0) accepted = await process(accepted, live);
    const stored = await positions.insertMany(accepted);
    for (const count of this.counters) count(newPositions.length, stored);
    // A step may carry several fixes of one device (batched OsmAnd reports): each follows the one before it.
    const latest = new Map<number, PositionRecord | undefined>();
    const withPrevious = stored.map((position) => {
      const previous = latest.has(position.deviceId) ? latest.get(position.deviceId) : live.latestPosition(position.deviceId);
      if (!previous || previous.fixTime <= position.fixTime) latest.set(position.deviceId, position);
      return { position, previous };
    });
    live.recordPositions(stored);

    const statusChanges = requestedStatusChanges.filter((change) => live.setStatus(change.deviceId, change.status));
    if (statusChanges.length > 0) {
      const changed = await devices.findByIds(statusChanges.map((change) => change.deviceId));
      sockets.publishDevices(changed.map((device) => deviceToJson(device, live.state(device.id))));
    }
    sockets.publishPositions(stored);

    if (this.eventSources.length > 0) {
      const batch: IngestBatch = { positions: withPrevious, statusChanges, now };
      await this.recordEvents((await Promise.all(this.eventSources.map((source) => source.eventsFor(batch)))).flat());
    }
    return stored;
  }

  /** Stores events and delivers them: those of a step, and those that come from no position (inactivity). */
  async recordEvents(newEvents: readonly NewEvent[]): Promise<void> {
    const storedEvents = await this.deps.events.insertMany(newEvents);
    if (storedEvents.length > 0) await this.eventDelivery(storedEvents);
  }
}
