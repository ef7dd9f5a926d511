import type { NewPosition } from '../entities/position';
import { ROAM_RADIUS_METRES, SAO_PAULO_CENTRE } from './area';
import { bearingDegrees, destination, distanceMetres, kmhToMetresPerSecond, metresPerSecondToKnots, type LatLon } from './geo';
import type { Random } from './random';
import { VehicleTelematics } from './telematics';
import { profileFor, type VehicleProfile } from './vehicle-profile';

/**
 * - driver: engine always on, always driving — the bulk of the fleet, so the map keeps moving;
 * - cycler: drives for a few minutes, parks with the ignition off for a few, again and again;
 * - parked: ignition off, reports its position now and then, as trackers do when idle.
 */
export type VehicleRole = 'driver' | 'cycler' | 'parked';

/** Odometer (metres) and engine hours (ms), as PUT /api/devices/{id}/accumulators sets them. */
export interface Accumulators {
  totalDistance?: number | null;
  hours?: number | null;
}

export interface VehicleSetup {
  deviceId: number;
  category: string | null;
  role: VehicleRole;
  online: boolean;
  start: LatLon;
  /** Accumulators carried over from the last stored position, so a restart does not reset them. */
  odometerMetres: number;
  engineHoursMs: number;
  random: Random;
  /** Draws for the tracker box (battery, drivers, answers to commands), apart from the track's. */
  telematicsRandom: Random;
  /** Driver ids this vehicle's drivers identify with; null when nobody does. */
  driverPool: readonly string[] | null;
}

// Idle trackers report every 30–60 s; cyclers drive 2–6 minutes and stay parked 1–4 minutes.
const PARKED_REPORT_SECONDS: [number, number] = [30, 60];
const CYCLER_DRIVE_SECONDS: [number, number] = [120, 360];
const CYCLER_PARK_SECONDS: [number, number] = [60, 240];
const SPEEDING_METRES_PER_SECOND = kmhToMetresPerSecond(80);
// São Paulo's centre lies about 760 m above sea level.
const BASE_ALTITUDE_METRES = 760;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * One simulated vehicle driving on an imaginary street grid: straight blocks, right-angle turns,
 * braking before each corner and accelerating out of it. The grid of each vehicle is rotated by
 * its own angle, as São Paulo's neighbourhoods are. Time only advances through `step()`, so the
 * same seed always gives the same track, whatever the wall clock does.
 */
export class SimulatedVehicle {
  readonly deviceId: number;
  readonly role: VehicleRole;
  private readonly profile: VehicleProfile;
  private readonly random: Random;
  private online: boolean;

  private point: LatLon;
  private waypoint: LatLon;
  private gridAngle: number;
  private heading: number;
  private course: number;
  /** m/s */
  private speed = 0;
  private cruiseSpeed: number;

  private ignition: boolean;
  private driving: boolean;
  /** A cycler whose driving phase ended brakes to a halt before switching the engine off. */
  private stopping = false;
  private phaseSecondsLeft = 0;
  private reportSecondsLeft = 0;

  private odometer: number;
  private engineHours: number;
  private distanceSinceReport = 0;
  private readonly telematics: VehicleTelematics;

  constructor(setup: VehicleSetup) {
    this.deviceId = setup.deviceId;
    this.role = setup.role;
    this.profile = profileFor(setup.category);
    this.random = setup.random;
    this.online = setup.online;
    this.point = setup.start;
    this.odometer = setup.odometerMetres;
    this.engineHours = setup.engineHoursMs;
    this.gridAngle = this.random.between(0, 90);
    this.heading = (this.gridAngle + 90 * this.random.int(0, 3)) % 360;
    this.waypoint = destination(this.point, this.heading, this.blockLength());
    this.course = round(bearingDegrees(this.point, this.waypoint), 1) % 360;
    this.cruiseSpeed = this.randomCruiseSpeed();
    this.driving = setup.role !== 'parked';
    this.ignition = this.driving;
    // Drivers start at cruising speed: the map moves from the first second.
    if (this.driving) this.speed = this.cruiseSpeed;
    this.phaseSecondsLeft = this.random.between(...CYCLER_DRIVE_SECONDS);
    this.reportSecondsLeft = this.random.between(0, PARKED_REPORT_SECONDS[1]);
    this.telematics = new VehicleTelematics({ random: setup.telematicsRandom, profile: this.profile, driverPool: setup.driverPool });
  }

  /** A user reset the odometer or engine hours: later fixes count on from the new values. */
  resetAccumulators(accumulators: Accumulators): void {
    if (accumulators.totalDistance != null) this.odometer = accumulators.totalDistance;
    if (accumulators.hours != null) this.engineHours = accumulators.hours;
  }

  get isOnline(): boolean {
    return this.online;
  }

  get isMoving(): boolean {
    return this.online && this.speed > 0;
  }

  /** Above 80 km/h, the limit on São Paulo's fastest avenues: worth an overspeed alarm. */
  get isSpeeding(): boolean {
    return this.isMoving && this.speed >= SPEEDING_METRES_PER_SECOND;
  }

  get isDriving(): boolean {
    return this.driving;
  }

  raiseAlarm(alarm: string): void {
    this.telematics.raiseAlarm(alarm);
  }

  /**
   * A command reached the tracker. engineStop cuts the engine: the vehicle brakes to a halt and
   * stays parked until engineResume. The answer goes out with the next step.
   */
  receiveCommand(type: string, attributes: Record<string, unknown>): void {
    const wasBlocked = this.telematics.blocked;
    this.telematics.receiveCommand(type, attributes);
    if (!wasBlocked || this.telematics.blocked || this.role === 'parked') return;
    if (this.driving) this.stopping = false;
    else this.startDriving();
  }

  goOffline(): void {
    this.online = false;
  }

  /** Back online: it reports at its next step, wherever it stood. */
  comeOnline(): void {
    this.online = true;
    this.reportSecondsLeft = 0;
  }

  /** Advances the vehicle by `seconds`; returns a fix when its tracker reports one. */
  step(seconds: number, now: Date): NewPosition | null {
    if (!this.online) return null;
    let report = false;

    if (this.telematics.blocked) report = this.haltWhenBlocked() || report;
    else if (this.role === 'cycler') report = this.advanceCycle(seconds) || report;

    if (this.driving) {
      this.drive(seconds);
      report = true;
    } else {
      this.reportSecondsLeft -= seconds;
      if (this.reportSecondsLeft <= 0) {
        this.reportSecondsLeft = this.random.between(...PARKED_REPORT_SECONDS);
        report = true;
      }
    }

    if (this.ignition) this.engineHours += seconds * 1000;
    this.telematics.drift(seconds, this.ignition);
    return report || this.telematics.hasNews ? this.fix(now) : null;
  }

  /** The fix an idle tracker last sent `ageMs` ago: the seed's "last known position" of offline vehicles. */
  pastFix(now: Date, ageMs: number): NewPosition {
    const fix = this.fix(new Date(now.getTime() - ageMs));
    return { ...fix, speed: 0, attributes: { ...fix.attributes, ignition: false, motion: false } };
  }

  /** The fix it would send right now (used for the first position of a new device). */
  currentFix(now: Date): NewPosition {
    return this.fix(now);
  }

  /** Returns true when the ignition changed (a moment worth reporting). */
  private advanceCycle(seconds: number): boolean {
    this.phaseSecondsLeft -= seconds;
    if (this.driving && this.stopping && this.speed === 0) {
      this.driving = false;
      this.stopping = false;
      this.ignition = false;
      this.phaseSecondsLeft = this.random.between(...CYCLER_PARK_SECONDS);
      this.reportSecondsLeft = this.random.between(...PARKED_REPORT_SECONDS);
      return true;
    }
    if (this.phaseSecondsLeft > 0) return false;
    if (this.driving) {
      this.stopping = true;
      return false;
    }
    this.startDriving();
    return true;
  }

  private startDriving(): void {
    this.driving = true;
    this.stopping = false;
    this.ignition = true;
    this.cruiseSpeed = this.randomCruiseSpeed();
    this.phaseSecondsLeft = this.random.between(...CYCLER_DRIVE_SECONDS);
    this.telematics.engineStarted();
  }

  /** Blocked: brake to a halt, then the engine is off. Returns true when it just stopped. */
  private haltWhenBlocked(): boolean {
    if (!this.driving) return false;
    this.stopping = true;
    if (this.speed > 0) return false;
    this.driving = false;
    this.stopping = false;
    this.ignition = false;
    this.reportSecondsLeft = this.random.between(...PARKED_REPORT_SECONDS);
    return true;
  }

  private drive(seconds: number): void {
    const cornerSpeed = kmhToMetresPerSecond(this.profile.minKmh);
    const remaining = distanceMetres(this.point, this.waypoint);
    const brakingDistance = Math.max(0, (this.speed ** 2 - cornerSpeed ** 2) / (2 * this.profile.deceleration));
    let target = this.cruiseSpeed;
    if (remaining - this.speed * seconds <= brakingDistance) target = cornerSpeed;
    if (this.stopping) target = 0;
    const change = clamp(target - this.speed, -this.profile.deceleration * seconds, this.profile.acceleration * seconds);
    this.speed = Math.max(0, this.speed + change);

    let travel = this.speed * seconds;
    this.odometer += travel;
    this.distanceSinceReport += travel;
    while (travel > 0) {
      const left = distanceMetres(this.point, this.waypoint);
      if (travel < left) {
        this.point = destination(this.point, bearingDegrees(this.point, this.waypoint), travel);
        travel = 0;
      } else {
        this.point = this.waypoint;
        travel -= left;
        this.turnAtCorner();
      }
    }
    this.course = round(bearingDegrees(this.point, this.waypoint), 1) % 360;
  }

  /** Straight on, left or right — never a U-turn — and back towards the centre when too far out. */
  private turnAtCorner(): void {
    const directions = [0, 90, 180, 270].map((turn) => (this.gridAngle + turn) % 360);
    if (distanceMetres(this.point, SAO_PAULO_CENTRE) > ROAM_RADIUS_METRES) {
      const home = bearingDegrees(this.point, SAO_PAULO_CENTRE);
      const angleTo = (direction: number) => Math.abs(((direction - home + 540) % 360) - 180);
      this.heading = directions.reduce((best, direction) => (angleTo(direction) < angleTo(best) ? direction : best));
    } else {
      const draw = this.random.next();
      const turn = draw < 0.5 ? 0 : draw < 0.75 ? 90 : 270;
      this.heading = (this.heading + turn) % 360;
    }
    this.waypoint = destination(this.point, this.heading, this.blockLength());
    this.cruiseSpeed = this.randomCruiseSpeed();
  }

  private blockLength(): number {
    return this.random.between(this.profile.minBlockMetres, this.profile.maxBlockMetres);
  }

  private randomCruiseSpeed(): number {
    return kmhToMetresPerSecond(this.random.between(this.profile.minKmh, this.profile.maxKmh));
  }

  private fix(time: Date): NewPosition {
    const distance = this.distanceSinceReport;
    this.distanceSinceReport = 0;
    return {
      deviceId: this.deviceId,
      protocol: 'osmand',
      serverTime: time,
      deviceTime: time,
      fixTime: time,
      valid: true,
      latitude: round(this.point.latitude, 6),
      longitude: round(this.point.longitude, 6),
      altitude: round(BASE_ALTITUDE_METRES + 40 * Math.sin(this.point.latitude * 500) * Math.cos(this.point.longitude * 500), 1),
      speed: round(metresPerSecondToKnots(this.speed), 3),
      course: this.course,
      accuracy: round(this.random.between(3, 12), 1),
      attributes: {
        ignition: this.ignition,
        motion: this.speed > 0,
        ...this.telematics.attributes(this.ignition),
        distance: round(distance, 2),
        totalDistance: round(this.odometer, 2),
        odometer: Math.round(this.odometer),
        hours: Math.round(this.engineHours),
      },
    };
  }
}
