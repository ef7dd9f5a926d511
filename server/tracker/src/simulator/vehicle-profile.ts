/**
 * How each kind of vehicle drives and what its tracker reports. Motor vehicles cruise between
 * 20 and 90 km/h as the brief for the demo asks; people walk and bicycles pedal, more slowly.
 */
export interface VehicleProfile {
  minKmh: number;
  maxKmh: number;
  /** m/s², speeding up and slowing down. */
  acceleration: number;
  deceleration: number;
  /** City blocks driven before the next turn can come, metres. */
  minBlockMetres: number;
  maxBlockMetres: number;
  /** Supply voltage with the engine on / off (24 V for heavy vehicles). */
  powerOn: number;
  powerOff: number;
}

const car: VehicleProfile = { minKmh: 25, maxKmh: 90, acceleration: 2, deceleration: 3, minBlockMetres: 150, maxBlockMetres: 900, powerOn: 14.1, powerOff: 12.6 };

const PROFILES: Record<string, VehicleProfile> = {
  car,
  pickup: { ...car, maxKmh: 85 },
  van: { ...car, minKmh: 25, maxKmh: 75, acceleration: 1.5 },
  truck: { ...car, minKmh: 20, maxKmh: 70, acceleration: 1, deceleration: 2, minBlockMetres: 300, maxBlockMetres: 1500, powerOn: 28, powerOff: 25.2 },
  bus: { ...car, minKmh: 20, maxKmh: 60, acceleration: 1, deceleration: 2, minBlockMetres: 300, maxBlockMetres: 1200, powerOn: 28, powerOff: 25.2 },
  motorcycle: { ...car, minKmh: 30, maxKmh: 90, acceleration: 2.5 },
  bicycle: { ...car, minKmh: 12, maxKmh: 25, acceleration: 0.8, deceleration: 1.5, maxBlockMetres: 600, powerOn: 4.1, powerOff: 3.9 },
  person: { ...car, minKmh: 4, maxKmh: 6, acceleration: 0.5, deceleration: 1, minBlockMetres: 80, maxBlockMetres: 300, powerOn: 4.1, powerOff: 3.9 },
};

export function profileFor(category: string | null): VehicleProfile {
  return PROFILES[category ?? 'car'] ?? car;
}

/** Upper bound of every profile, km/h: no simulated fix is ever faster. */
export const MAX_SIMULATED_KMH = Math.max(...Object.values(PROFILES).map((profile) => profile.maxKmh));
