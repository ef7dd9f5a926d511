import type { PositionRecord } from '../entities/position';
import { destination, kmhToMetresPerSecond, metresPerSecondToKnots, type LatLon } from '../simulator/geo';

export interface TrackBuilderOptions {
  deviceId?: number;
  start?: Date;
  origin?: LatLon;
  /** Seconds between fixes (default 10). */
  intervalSeconds?: number;
  /** Report the `totalDistance` attribute as Traccar stores it (default true). */
  totalDistance?: boolean;
  /** Report `motion` (default true); without it the reports fall back to speed. */
  motion?: boolean;
}

/**
 * Hand-made tracks for tests and benchmarks: a vehicle heading east that drives, parks and goes
 * silent on command. Each fix is reported before the vehicle moves on, so the first parked fix is
 * where the drive ended. Engine hours (`hours`, ms) run while driving; fuel (`fuel`, litres) burns
 * at 0.1 l/km.
 */
export class TrackBuilder {
  private readonly positions: PositionRecord[] = [];
  private time: number;
  private place: LatLon;
  private odometer = 0;
  private engineMs = 0;
  private nextId = 1;
  private readonly options: Required<Omit<TrackBuilderOptions, 'start' | 'origin'>>;

  constructor({ start = new Date('2024-05-01T08:00:00Z'), origin = { latitude: -23.55, longitude: -46.63 }, ...options }: TrackBuilderOptions = {}) {
    this.time = start.getTime();
    this.place = origin;
    this.options = { deviceId: 1, intervalSeconds: 10, totalDistance: true, motion: true, ...options };
  }

  drive(minutes: number, kmh: number): this {
    const metresPerFix = kmhToMetresPerSecond(kmh) * this.options.intervalSeconds;
    return this.repeat(minutes, () => {
      this.emit(metresPerSecondToKnots(kmhToMetresPerSecond(kmh)), true);
      this.place = destination(this.place, 90, metresPerFix);
      this.odometer += metresPerFix;
      this.engineMs += this.options.intervalSeconds * 1000;
    });
  }

  park(minutes: number): this {
    return this.repeat(minutes, () => this.emit(0, false));
  }

  /** No fixes for a while (the device is off or out of coverage). */
  silence(minutes: number): this {
    this.time += minutes * 60_000;
    return this;
  }

  build(): PositionRecord[] {
    return [...this.positions];
  }

  private repeat(minutes: number, step: () => void): this {
    const fixes = Math.round((minutes * 60) / this.options.intervalSeconds);
    for (let fix = 0; fix < fixes; fix++) {
      step();
      this.time += this.options.intervalSeconds * 1000;
    }
    return this;
  }

  private emit(speed: number, moving: boolean): void {
    const time = new Date(this.time);
    const attributes: Record<string, unknown> = { ignition: moving, hours: this.engineMs, fuel: 50 - this.odometer / 10_000 };
    if (this.options.motion) attributes.motion = moving;
    if (this.options.totalDistance) attributes.totalDistance = this.odometer;
    this.positions.push({
      id: this.nextId++,
      deviceId: this.options.deviceId,
      protocol: 'osmand',
      serverTime: time,
      deviceTime: time,
      fixTime: time,
      valid: true,
      latitude: this.place.latitude,
      longitude: this.place.longitude,
      altitude: 760,
      speed,
      course: 90,
      accuracy: 5,
      address: null,
      attributes,
    });
  }
}
