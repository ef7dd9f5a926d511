import type { EventType } from '../entities/event-types';
import { fixEvent, isLate, type FixDetector } from './fix-event-source';
import { numberAttribute } from './position-attributes';

/** Per direction of change: the event, and the attribute holding its threshold (litres, or whatever `fuel` counts). */
const DIRECTIONS: ReadonlyArray<{ sign: 1 | -1; type: EventType; thresholdKey: string }> = [
  { sign: 1, type: 'deviceFuelIncrease', thresholdKey: 'fuelIncreaseThreshold' },
  { sign: -1, type: 'deviceFuelDrop', thresholdKey: 'fuelDropThreshold' },
];

/**
 * deviceFuelDrop / deviceFuelIncrease as Traccar 6's FuelEventHandler: when the `fuel` attribute
 * falls (rises) by at least `fuelDropThreshold` (`fuelIncreaseThreshold`) from the previous fix —
 * the thresholds looked up on the device, its groups, then the server; no threshold, no event.
 * Both fixes must report fuel; late fixes change nothing.
 */
export const fuelEvents: FixDetector = (fix, previous, config) => {
  if (!previous || isLate(fix, previous)) return [];
  const after = numberAttribute(fix, 'fuel');
  const before = numberAttribute(previous, 'fuel');
  if (after === undefined || before === undefined) return [];
  const change = after - before;
  const direction = DIRECTIONS.find(({ sign }) => Math.sign(change) === sign);
  if (!direction) return [];
  const threshold = Number(config.deviceAttribute(fix.deviceId, direction.thresholdKey));
  return threshold > 0 && Math.abs(change) >= threshold ? [fixEvent(direction.type, fix)] : [];
};
