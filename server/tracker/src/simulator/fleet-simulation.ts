import type { DeviceStatus } from '../entities/device';
import type { NewPosition } from '../entities/position';
import type { StatusChange } from '../ingest/position-ingest';
import { DEMO_DRIVERS } from '../seed/demo-objects';
import { SAO_PAULO_CENTRE, START_RADIUS_METRES } from './area';
import { destination, type LatLon } from './geo';
import { Random } from './random';
import { SimulatedVehicle, type Accumulators, type VehicleRole } from './vehicle';

export interface SimulatedDevice {
  deviceId: number;
  category: string | null;
  /** Where the device was last seen (a restart resumes from there). */
  lastPosition?: { latitude: number; longitude: number; attributes: Record<string, unknown> } | null;
}

export interface FleetSimulationOptions {
  seed: number;
  /** Simulated seconds per step = intervalMs / 1000, whatever the wall clock says. */
  intervalMs: number;
  devices: readonly SimulatedDevice[];
}

export type { StatusChange };

export interface SimulationStep {
  positions: NewPosition[];
  statusChanges: StatusChange[];
}

// The fleet's shape: at least 70% drive all the time (the map must visibly move), ~10% are offline,
// the rest park or alternate. About once every 45 simulated seconds one vehicle that is not a
// driver drops offline or comes back, keeping the offline share around its starting size.
const DRIVER_SHARE = 0.7;
const OFFLINE_SHARE = 0.1;
const STATUS_CHANGE_EVERY_SECONDS = 45;
// Offline vehicles were last heard from between 2 and 72 hours before the start.
const OFFLINE_SINCE_MS: [number, number] = [2 * 3600_000, 72 * 3600_000];
// About one alarm somewhere in the fleet every minute and a half, whatever its size; a speeding
// vehicle, when there is one, often gets it.
const ALARM_EVERY_SECONDS = 90;
const OVERSPEED_SHARE = 0.4;
const DRIVING_ALARMS = ['sos', 'hardBraking', 'hardAcceleration', 'hardCornering'];
const PARKED_ALARMS = ['sos', 'powerCut', 'vibration', 'tampering'];
// A quarter of the fleet has drivers who identify themselves (an iButton, an RFID card).
const IDENTIFIED_DRIVERS_SHARE = 0.25;

/** The RFID cards simulated drivers identify with: the seeded drivers', so they have names. */
export const SIMULATED_DRIVER_IDS: readonly string[] = DEMO_DRIVERS.map((driver) => driver.uniqueId);

/**
 * The whole demo fleet, with no timers, database or sockets: `step()` advances every vehicle by
 * one interval and says what their trackers sent. Deterministic for a given seed and device list.
 * The runner (./simulator-runner.ts) stores and broadcasts what it returns.
 */
export class FleetSimulation {
  readonly vehicles: readonly SimulatedVehicle[];
  private readonly byDeviceId: ReadonlyMap<number, SimulatedVehicle>;
  private readonly stepSeconds: number;
  private readonly random: Random;
  /** Alarms have their own draws, so they leave the rest of a seed's fleet as it was. */
  private readonly alarmRandom: Random;
  private readonly offlineTarget: number;
  private readonly seed: number;

  constructor(options: FleetSimulationOptions) {
    this.seed = options.seed;
    this.stepSeconds = options.intervalMs / 1000;
    this.random = new Random(options.seed);
    this.alarmRandom = new Random(options.seed * 31 + 17);
    const devices = [...options.devices].sort((a, b) => a.deviceId - b.deviceId);
    const plan = this.planRoles(devices.length);
    this.offlineTarget = plan.filter((entry) => !entry.online).length;
    this.vehicles = devices.map((device, index) => {
      const { role, online } = plan[index] ?? { role: 'driver', online: true };
      const random = new Random(options.seed * 7919 + device.deviceId);
      const telematicsRandom = new Random((options.seed * 7919 + device.deviceId) ^ 0x5f3759df);
      const last = device.lastPosition;
      return new SimulatedVehicle({
        deviceId: device.deviceId,
        category: device.category,
        role,
        online,
        random,
        telematicsRandom,
        driverPool: telematicsRandom.chance(IDENTIFIED_DRIVERS_SHARE) ? SIMULATED_DRIVER_IDS : null,
        start: last ? { latitude: last.latitude, longitude: last.longitude } : randomStart(random),
        odometerMetres: numberAttribute(last?.attributes, 'totalDistance'),
        engineHoursMs: numberAttribute(last?.attributes, 'hours'),
      });
    });
    this.byDeviceId = new Map(this.vehicles.map((vehicle) => [vehicle.deviceId, vehicle]));
  }

  statusOf(deviceId: number): DeviceStatus {
    const vehicle = this.byDeviceId.get(deviceId);
    if (!vehicle) return 'unknown';
    return vehicle.isOnline ? 'online' : 'offline';
  }

  has(deviceId: number): boolean {
    return this.byDeviceId.has(deviceId);
  }

  /** Hands a command to a vehicle's tracker (online or not: the caller decides when it can). */
  receiveCommand(deviceId: number, type: string, attributes: Record<string, unknown>): void {
    this.byDeviceId.get(deviceId)?.receiveCommand(type, attributes);
  }

  resetAccumulators(deviceId: number, accumulators: Accumulators): void {
    this.byDeviceId.get(deviceId)?.resetAccumulators(accumulators);
  }

  /** First positions of devices that have none yet; offline ones get one from hours ago. */
  initialPositions(deviceIds: readonly number[], now: Date): NewPosition[] {
    const wanted = new Set(deviceIds);
    const random = new Random(this.seed + 2);
    return this.vehicles
      .filter((vehicle) => wanted.has(vehicle.deviceId))
      .map((vehicle) => (vehicle.isOnline ? vehicle.currentFix(now) : vehicle.pastFix(now, random.between(...OFFLINE_SINCE_MS))));
  }

  step(now: Date): SimulationStep {
    const statusChanges = this.maybeChangeStatus();
    this.maybeRaiseAlarm();
    const positions: NewPosition[] = [];
    for (const vehicle of this.vehicles) {
      const fix = vehicle.step(this.stepSeconds, now);
      if (fix) positions.push(fix);
    }
    return { positions, statusChanges };
  }

  private maybeRaiseAlarm(): void {
    if (!this.alarmRandom.chance(this.stepSeconds / ALARM_EVERY_SECONDS)) return;
    const speeding = this.vehicles.filter((vehicle) => vehicle.isSpeeding);
    if (speeding.length > 0 && this.alarmRandom.chance(OVERSPEED_SHARE)) {
      this.alarmRandom.pick(speeding).raiseAlarm('overspeed');
      return;
    }
    const online = this.vehicles.filter((vehicle) => vehicle.isOnline);
    if (online.length === 0) return;
    const vehicle = this.alarmRandom.pick(online);
    vehicle.raiseAlarm(this.alarmRandom.pick(vehicle.isDriving ? DRIVING_ALARMS : PARKED_ALARMS));
  }

  private maybeChangeStatus(): StatusChange[] {
    if (this.offlineTarget === 0 || !this.random.chance(this.stepSeconds / STATUS_CHANGE_EVERY_SECONDS)) return [];
    const candidates = this.vehicles.filter((vehicle) => vehicle.role !== 'driver');
    const offline = candidates.filter((vehicle) => !vehicle.isOnline);
    const online = candidates.filter((vehicle) => vehicle.isOnline);
    const dropOne = offline.length < this.offlineTarget || (offline.length === this.offlineTarget && this.random.chance(0.5));
    if (dropOne && online.length > 0) {
      const vehicle = this.random.pick(online);
      vehicle.goOffline();
      return [{ deviceId: vehicle.deviceId, status: 'offline' }];
    }
    if (offline.length > 0) {
      const vehicle = this.random.pick(offline);
      vehicle.comeOnline();
      return [{ deviceId: vehicle.deviceId, status: 'online' }];
    }
    return [];
  }

  /** Roles by position in the id-ordered list, shuffled by the seed. */
  private planRoles(count: number): Array<{ role: VehicleRole; online: boolean }> {
    const drivers = Math.ceil(count * DRIVER_SHARE);
    const offline = Math.min(count - drivers, Math.round(count * OFFLINE_SHARE));
    const plan = Array.from({ length: count }, (_, index): { role: VehicleRole; online: boolean } => {
      if (index < drivers) return { role: 'driver', online: true };
      if (index < drivers + offline) return { role: 'parked', online: false };
      return { role: (index - drivers - offline) % 2 === 0 ? 'parked' : 'cycler', online: true };
    });
    return this.random.shuffle(plan);
  }
}

function randomStart(random: Random): LatLon {
  // sqrt spreads the points evenly over the disc instead of crowding the centre.
  const distance = START_RADIUS_METRES * Math.sqrt(random.next());
  return destination(SAO_PAULO_CENTRE, random.between(0, 360), distance);
}

function numberAttribute(attributes: Record<string, unknown> | undefined, key: string): number {
  const value = attributes?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
