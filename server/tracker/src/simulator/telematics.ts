import type { Random } from './random';
import type { VehicleProfile } from './vehicle-profile';

/**
 * The tracker box of a simulated vehicle, apart from where it is: its backup battery, satellites,
 * the driver who identified himself, alarms, and what commands did to it. Its draws come from its
 * own Random, so none of this changes the tracks a seed drives.
 */
export interface TelematicsSetup {
  random: Random;
  profile: VehicleProfile;
  /** Driver ids this vehicle's drivers come from; null for vehicles nobody identifies in. */
  driverPool: readonly string[] | null;
}

// Battery, % per second: charges with the engine on, drains slowly (18%/h) when parked.
const CHARGE_PER_SECOND = 0.05;
const DRAIN_PER_SECOND = 0.005;
const BATTERY_FLOOR = 20;
const LOW_BATTERY_PERCENT = 25;
// A Li-ion backup battery: 3.5 V empty, 4.2 V full.
const BATTERY_EMPTY_VOLTS = 3.5;
const BATTERY_FULL_VOLTS = 4.2;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export class VehicleTelematics {
  private readonly random: Random;
  private readonly profile: VehicleProfile;
  private readonly driverPool: readonly string[] | null;
  private batteryLevel: number;
  private satellites: number;
  private driverUniqueId: string | null = null;
  private blockedByCommand = false;
  /** Set by alarmArm/alarmDisarm and outputControl; absent until a command sets them. */
  private readonly commandState: Record<string, boolean> = {};
  /** One-shot attributes of the next fix: an alarm, a command's result. */
  private pending: Record<string, string> = {};

  constructor(setup: TelematicsSetup) {
    this.random = setup.random;
    this.profile = setup.profile;
    this.driverPool = setup.driverPool;
    this.batteryLevel = this.random.int(70, 100);
    this.satellites = this.random.int(8, 13);
    if (this.driverPool) this.driverUniqueId = this.random.pick(this.driverPool);
  }

  get blocked(): boolean {
    return this.blockedByCommand;
  }

  /** Something the server must hear about now (an alarm, a command's answer), not at the next idle report. */
  get hasNews(): boolean {
    return Object.keys(this.pending).length > 0;
  }

  /** A new ignition cycle: maybe another driver took the wheel. */
  engineStarted(): void {
    if (this.driverPool) this.driverUniqueId = this.random.pick(this.driverPool);
  }

  raiseAlarm(alarm: string): void {
    this.pending.alarm = alarm;
  }

  /** What a delivered command does; every command is answered in the next fix's `result`. */
  receiveCommand(type: string, attributes: Record<string, unknown>): void {
    if (type === 'engineStop') this.blockedByCommand = true;
    if (type === 'engineResume') this.blockedByCommand = false;
    if (type === 'alarmArm') this.commandState.armed = true;
    if (type === 'alarmDisarm') this.commandState.armed = false;
    if (type === 'outputControl') this.commandState[`out${Number(attributes.index ?? 1)}`] = String(attributes.data ?? '1') === '1';
    this.pending.result = `${type}: OK`;
  }

  /** Battery charges while the engine runs and drains slowly when parked; satellites come and go. */
  drift(seconds: number, ignition: boolean): void {
    const before = this.batteryLevel;
    this.batteryLevel = clamp(this.batteryLevel + (ignition ? CHARGE_PER_SECOND : -DRAIN_PER_SECOND) * seconds, BATTERY_FLOOR, 100);
    if (before >= LOW_BATTERY_PERCENT && this.batteryLevel < LOW_BATTERY_PERCENT) this.raiseAlarm('lowBattery');
    if (this.random.chance(Math.min(1, seconds / 20))) this.satellites = clamp(this.satellites + this.random.int(-1, 1), 5, 14);
  }

  /** The tracker's attributes of one fix; one-shot ones (alarm, result) are sent once. */
  attributes(ignition: boolean): Record<string, unknown> {
    const { pending } = this;
    this.pending = {};
    // A cut supply reads 0 V for the fix that reports it.
    const supply = pending.alarm === 'powerCut' ? 0 : ignition ? this.profile.powerOn : this.profile.powerOff;
    return {
      sat: this.satellites,
      batteryLevel: Math.round(this.batteryLevel),
      battery: round(BATTERY_EMPTY_VOLTS + ((BATTERY_FULL_VOLTS - BATTERY_EMPTY_VOLTS) * this.batteryLevel) / 100, 2),
      power: supply === 0 ? 0 : round(supply + this.random.between(-0.15, 0.15), 2),
      blocked: this.blockedByCommand,
      ...this.commandState,
      ...(this.driverUniqueId ? { driverUniqueId: this.driverUniqueId } : {}),
      ...pending,
    };
  }
}
