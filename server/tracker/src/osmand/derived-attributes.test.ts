import type { NewPosition } from '../entities/position';
import { fix } from '../events/test-fixes';
import { withDerivedAttributesInOrder } from './derived-attributes';

// Along a meridian: 0.01° of latitude is 1,111.95 m.
const at = (deviceId: number, secondsLater: number, latitude: number, attributes: Record<string, unknown> = {}) => fix(deviceId, { secondsLater, latitude, longitude: -46.63, attributes });
const odometer = (positions: readonly NewPosition[]) => positions.map((position) => [position.attributes.distance, position.attributes.totalDistance]);

describe('derived attributes of a step', () => {
  const stored = at(1, 0, -23.5, { totalDistance: 1000 });
  const latestOf = (deviceId: number) => (deviceId === 1 ? stored : undefined);
  const threshold = () => 0.01;

  it('chains reports of one device that arrive together: each from the one before it', () => {
    const derived = withDerivedAttributesInOrder([at(1, 10, -23.51), at(1, 20, -23.52), at(2, 10, -23.6)], latestOf, threshold);
    expect(odometer(derived)).toEqual([
      [1111.95, 2111.95],
      [1111.95, 3223.9],
      [0, 0],
    ]);
  });

  it('measures a late fix from the latest one, and leaves the latest as it was for the next', () => {
    const derived = withDerivedAttributesInOrder([at(1, 20, -23.52), at(1, 10, -23.51), at(1, 30, -23.53)], latestOf, threshold);
    expect(odometer(derived)).toEqual([
      [2223.9, 3223.9],
      [1111.95, 4335.85],
      [1111.95, 4335.85],
    ]);
  });

  it('keeps what the device reported itself, and derives motion and engine hours from the fix before', () => {
    const ignitionOn = at(1, 0, -23.5, { ignition: true, hours: 60_000 });
    const [moving] = withDerivedAttributesInOrder([fix(1, { secondsLater: 30, latitude: -23.5, longitude: -46.63, speed: 5, attributes: { ignition: true, totalDistance: 42 } })], () => ignitionOn, () => 1);
    expect(moving?.attributes).toMatchObject({ totalDistance: 42, motion: true, hours: 90_000 });
  });
});
