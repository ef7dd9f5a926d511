import type { NewEvent } from '../entities/event';
import type { EventSource, IngestBatch } from '../ingest/position-ingest';
import { MotionDetector } from '../reports/motion-detector';
import { TrackMeter } from '../reports/track';
import { tripsConfigFrom, type TripsConfig } from '../reports/trips-config';
import type { FleetConfig } from './fleet-config';
import type { FleetConfigSource } from './fleet-config-cache';
import { fixEvent, isLate } from './fix-event-source';

interface DeviceMotion {
  meter: TrackMeter;
  detector: MotionDetector;
  config: TripsConfig;
}

/**
 * deviceMoving / deviceStopped as Traccar's MotionEventHandler raises them: not on every change of
 * the `motion` attribute but once the trip/stop detector (the same one the trips and stops reports
 * replay, ../reports/motion-detector.ts) confirms it — a motion streak that lasts
 * `report.trip.minimalTripDuration` or covers `minimalTripDistance`, a halt that lasts
 * `minimalParkingDuration` (or ignition off with `useIgnition`), each looked up on the device, its
 * groups and the server. The event is dated at, and points to, the fix where the change began.
 * A device's first fix sets its state without an event; late fixes change nothing.
 */
export class MotionEventSource implements EventSource {
  private readonly devices = new Map<number, DeviceMotion>();
  private readonly configs = new WeakMap<FleetConfig, Map<number, TripsConfig>>();

  constructor(private readonly config: FleetConfigSource) {}

  async eventsFor(batch: IngestBatch): Promise<NewEvent[]> {
    if (batch.positions.length === 0) return [];
    const config = await this.config.current();
    const events: NewEvent[] = [];
    for (const { position, previous } of batch.positions) {
      if (isLate(position, previous)) continue;
      const tripsConfig = this.tripsConfigOf(config, position.deviceId);
      let motion = this.devices.get(position.deviceId);
      if (!motion) {
        motion = { meter: new TrackMeter(), detector: new MotionDetector(tripsConfig), config: tripsConfig };
        this.devices.set(position.deviceId, motion);
      } else if (motion.config !== tripsConfig) {
        motion.detector.reconfigure(tripsConfig);
        motion.config = tripsConfig;
      }
      motion.detector.add(motion.meter.measure(position));
      for (const change of motion.detector.takeChanges()) {
        events.push(fixEvent(change.moving ? 'deviceMoving' : 'deviceStopped', change.at.position));
      }
    }
    return events;
  }

  /** Forgets a deleted device. */
  forget(deviceId: number): void {
    this.devices.delete(deviceId);
  }

  private tripsConfigOf(config: FleetConfig, deviceId: number): TripsConfig {
    let perDevice = this.configs.get(config);
    if (!perDevice) this.configs.set(config, (perDevice = new Map()));
    let found = perDevice.get(deviceId);
    if (!found) {
      const fresh = tripsConfigFrom((key) => config.deviceAttribute(deviceId, key));
      const before = this.devices.get(deviceId)?.config;
      // Same settings as before a reload: keep the object, so the detector is not reconfigured.
      found = before && sameConfig(before, fresh) ? before : fresh;
      perDevice.set(deviceId, found);
    }
    return found;
  }
}

function sameConfig(a: TripsConfig, b: TripsConfig): boolean {
  return (Object.keys(a) as Array<keyof TripsConfig>).every((key) => a[key] === b[key]);
}
