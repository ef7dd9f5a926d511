import { TRAIL_MAX_POINTS, Trails } from './trails';

describe('trails', () => {
  it('start where the device is and grow with each new fix; only lines of two points or more are drawn', () => {
    const trails = new Trails();
    trails.start(7, [-46.6, -23.5]);
    expect(trails.features()).toEqual([]);
    expect(trails.extend(7, [-46.5, -23.4])).toBe(true);
    expect(trails.features()).toEqual([{ type: 'Feature', id: 7, properties: { deviceId: 7 }, geometry: { type: 'LineString', coordinates: [[-46.6, -23.5], [-46.5, -23.4]] } }]);
  });

  it('ignore devices whose trail is off, and a fix at the same place', () => {
    const trails = new Trails();
    expect(trails.extend(1, [0, 0])).toBe(false);
    trails.start(2, undefined);
    expect(trails.extend(2, [1, 1])).toBe(true);
    expect(trails.extend(2, [1, 1])).toBe(false);
    trails.start(2, [5, 5]); // already on: kept as it is
    expect(trails.extend(2, [2, 2])).toBe(true);
    expect(trails.features()[0]?.geometry.coordinates).toEqual([[1, 1], [2, 2]]);
    expect(trails.stop(2)).toBe(true);
    expect(trails.stop(2)).toBe(false);
    expect(trails.features()).toEqual([]);
  });

  it('keep only the most recent points', () => {
    const trails = new Trails();
    trails.start(3, [0, 0]);
    for (let step = 1; step <= TRAIL_MAX_POINTS + 10; step += 1) trails.extend(3, [step / 1000, 0]);
    const line = trails.features()[0]!.geometry.coordinates;
    expect(line).toHaveLength(TRAIL_MAX_POINTS);
    expect(line[line.length - 1]).toEqual([(TRAIL_MAX_POINTS + 10) / 1000, 0]);
    expect(line[0]).toEqual([11 / 1000, 0]);
  });
});
