import type { NewPosition } from '../entities/position';
import { SAO_PAULO_CENTRE } from '../simulator/area';

/**
 * Every device reports once per call, wherever it drives — the load "N devices at 1 Hz" means,
 * which the demo simulator (with its parked and offline vehicles) does not produce. The
 * attributes look like a real tracker's, so the rows weigh what real ones weigh.
 */
export class SyntheticFleet {
  private readonly state: Array<{ deviceId: number; latitude: number; longitude: number; odometer: number }>;

  constructor(deviceIds: readonly number[]) {
    this.state = deviceIds.map((deviceId, index) => ({
      deviceId,
      latitude: SAO_PAULO_CENTRE.latitude + ((index % 100) - 50) * 0.002,
      longitude: SAO_PAULO_CENTRE.longitude + (Math.floor(index / 100) % 100 - 50) * 0.002,
      odometer: 0,
    }));
  }

  next(now: Date): NewPosition[] {
    return this.state.map((device) => {
      device.latitude += 0.0001;
      device.odometer += 11;
      return {
        deviceId: device.deviceId,
        protocol: 'osmand',
        serverTime: now,
        deviceTime: now,
        fixTime: now,
        valid: true,
        latitude: device.latitude,
        longitude: device.longitude,
        altitude: 760,
        speed: 21.4,
        course: 0,
        accuracy: 5,
        attributes: { ignition: true, motion: true, sat: 10, batteryLevel: 90, battery: 4.13, power: 14.1, blocked: false, distance: 11, totalDistance: device.odometer, odometer: device.odometer, hours: 3_600_000 },
      };
    });
  }
}
