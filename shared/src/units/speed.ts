/** SPEC §9 conversions. Traccar sends speeds in knots. */
export const KMH_PER_KNOT = 1.852;
export const MPH_PER_KNOT = 1.15078;

export type SpeedUnit = 'kmh' | 'mph' | 'kn';

export function convertSpeed(knots: number, unit: SpeedUnit): number {
  if (unit === 'kmh') return knots * KMH_PER_KNOT;
  if (unit === 'mph') return knots * MPH_PER_KNOT;
  return knots;
}
