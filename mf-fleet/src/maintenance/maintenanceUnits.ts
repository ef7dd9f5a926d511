import type { Server, User } from '@rastro/shared';
import { MILES_PER_KM } from '../units/userUnits';

/** SPEC §3: what a maintenance item counts — the odometer or the engine hours, as Traccar names the position attribute. */
export const maintenanceTypes = ['totalDistance', 'hours'] as const;
export type MaintenanceType = (typeof maintenanceTypes)[number];

export type DistanceUnit = 'km' | 'mi' | 'nmi';
const METRES_PER: Record<DistanceUnit, number> = { km: 1000, mi: 1000 / MILES_PER_KM, nmi: 1852 };
const MS_PER_HOUR = 3_600_000;

/** Traccar keeps the preferred distance unit in `distanceUnit` (user first, then server); km otherwise. */
export function distanceUnitOf(user: User | null, server: Server | null): DistanceUnit {
  const chosen = user?.attributes.distanceUnit ?? server?.attributes.distanceUnit;
  return chosen === 'mi' || chosen === 'nmi' ? chosen : 'km';
}

/** The unit the user types a value of this type in: their distance unit, or hours. */
export function unitOf(type: string, distanceUnit: DistanceUnit): DistanceUnit | 'h' {
  return type === 'hours' ? 'h' : distanceUnit;
}

/** A typed value (km, miles or hours) → as Traccar stores it (metres, milliseconds). */
export function toStored(type: string, value: number, distanceUnit: DistanceUnit): number {
  return type === 'hours' ? Math.round(value * MS_PER_HOUR) : Math.round(value * METRES_PER[distanceUnit]);
}

/** A stored value (metres, milliseconds) → in the user's unit, to at most 3 decimals. */
export function fromStored(type: string, stored: number, distanceUnit: DistanceUnit): number {
  const value = type === 'hours' ? stored / MS_PER_HOUR : stored / METRES_PER[distanceUnit];
  return Math.round(value * 1000) / 1000;
}

export interface MaintenanceDue {
  /** Where the next service falls, stored units. */
  next: number;
  /** How far away it is (stored units); 0 or less is due now. */
  remaining: number;
}

/**
 * Traccar raises a maintenance event each time the counter passes start + k × period: the next
 * one after the current reading (the start itself before it is reached).
 */
export function nextDue(maintenance: { start: number; period: number }, current: number): MaintenanceDue {
  const { start, period } = maintenance;
  const next = current < start || period <= 0 ? start : start + period * (Math.floor((current - start) / period) + 1);
  return { next, remaining: next - current };
}
