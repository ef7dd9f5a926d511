import { bearingDegrees, destination, distanceMetres, kmhToMetresPerSecond, knotsToKmh, metresPerSecondToKnots } from './geo';
import { Random } from './random';

describe('geo', () => {
  const se = { latitude: -23.5505, longitude: -46.6333 };

  it('goes and measures distances and bearings consistently', () => {
    for (const bearing of [0, 45, 90, 200, 359]) {
      const to = destination(se, bearing, 1000);
      expect(distanceMetres(se, to)).toBeCloseTo(1000, 3);
      const error = Math.abs(((bearingDegrees(se, to) - bearing + 540) % 360) - 180);
      expect(error).toBeLessThan(0.05);
    }
  });

  it('converts speeds: 1 knot is 1.852 km/h', () => {
    expect(metresPerSecondToKnots(kmhToMetresPerSecond(1.852))).toBeCloseTo(1, 10);
    expect(knotsToKmh(10)).toBeCloseTo(18.52, 10);
  });
});

describe('Random', () => {
  it('replays the same sequence for a seed', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const draw = (random: Random) => Array.from({ length: 10 }, () => random.next());
    const fromA = draw(a);
    expect(fromA).toEqual(draw(b));
    expect(fromA).not.toEqual(draw(c));
    for (const value of fromA) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
