import type { PositionRecord } from '../entities/position';
import { GeofenceIntervals } from './geofence-intervals';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 12, minute));
const fix = (minute: number, geofenceIds: number[] | null): PositionRecord =>
  ({ id: minute, deviceId: 1, fixTime: at(minute), geofenceIds }) as unknown as PositionRecord;

describe('geofence stays (the geofences report)', () => {
  it('run from the first fix inside to the first fix outside, or to the last fix while still inside', () => {
    const intervals = new GeofenceIntervals();
    for (const position of [fix(0, null), fix(1, [7]), fix(2, [7, 9]), fix(3, [9]), fix(4, null), fix(5, [7])]) intervals.add(position);
    expect(intervals.result()).toEqual([
      { geofenceId: 7, startTime: at(1), endTime: at(3) },
      { geofenceId: 9, startTime: at(2), endTime: at(4) },
      { geofenceId: 7, startTime: at(5), endTime: at(5) },
    ]);
  });

  it('keep only the geofences asked for', () => {
    const intervals = new GeofenceIntervals(new Set([9]));
    for (const position of [fix(1, [7]), fix(2, [7, 9]), fix(3, [])]) intervals.add(position);
    expect(intervals.result()).toEqual([{ geofenceId: 9, startTime: at(2), endTime: at(3) }]);
  });
});
