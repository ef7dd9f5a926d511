import { summarize, summaryPeriods } from './summary';
import { TrackBuilder } from './track-builder';

const device = { id: 7, name: 'Van 07', attributes: {} };
const HOUR = 3_600_000;

describe('summary report', () => {
  it('sums one device over the whole range', () => {
    const positions = new TrackBuilder({ start: new Date('2024-05-01T08:00:00Z') }).drive(60, 36).park(30).build();
    const [row, ...others] = summarize(device, positions, summaryPeriods(new Date('2024-05-01T00:00:00Z'), new Date('2024-05-02T00:00:00Z'), false));

    expect(others).toEqual([]);
    expect(row).toMatchObject({
      deviceId: 7,
      deviceName: 'Van 07',
      distance: 36_000,
      startOdometer: 0,
      endOdometer: 36_000,
      startTime: new Date('2024-05-01T08:00:00Z'),
      endTime: new Date('2024-05-01T09:29:50Z'),
      startHours: 0,
      engineHours: HOUR,
    });
    // Averaged over engine hours: 36 km in one hour, in knots.
    expect(row?.averageSpeed).toBeCloseTo(36 / 1.852, 3);
    expect(row?.maxSpeed).toBeCloseTo(36 / 1.852, 3);
    expect(row?.spentFuel).toBeCloseTo(3.6, 6);
  });

  it('gives no row for a device without positions', () => {
    expect(summarize(device, [], summaryPeriods(new Date('2024-05-01T00:00:00Z'), new Date('2024-05-02T00:00:00Z'), false))).toEqual([]);
  });

  it('cuts daily periods at midnight UTC, the first and last at the range', () => {
    expect(summaryPeriods(new Date('2024-05-01T22:00:00Z'), new Date('2024-05-03T02:00:00Z'), true)).toEqual([
      { from: new Date('2024-05-01T22:00:00Z'), to: new Date('2024-05-02T00:00:00Z') },
      { from: new Date('2024-05-02T00:00:00Z'), to: new Date('2024-05-03T00:00:00Z') },
      { from: new Date('2024-05-03T00:00:00Z'), to: new Date('2024-05-03T02:00:00Z') },
    ]);
    expect(summaryPeriods(new Date('2024-05-01T10:00:00Z'), new Date('2024-05-01T12:00:00Z'), true)).toHaveLength(1);
  });

  it('with daily, gives one row per day, splitting a drive at midnight', () => {
    // 23:00 → 01:00 at 36 km/h: 10 m per second, 36 km each hour.
    const positions = new TrackBuilder({ start: new Date('2024-05-01T23:00:00Z') }).drive(120, 36).build();
    const rows = summarize(device, positions, summaryPeriods(new Date('2024-05-01T00:00:00Z'), new Date('2024-05-03T00:00:00Z'), true));

    expect(rows.map((row) => [row.startTime, row.endTime, row.distance])).toEqual([
      // The fix at midnight closes the first day and opens the second, as Traccar's inclusive ranges do.
      [new Date('2024-05-01T23:00:00Z'), new Date('2024-05-02T00:00:00Z'), 36_000],
      [new Date('2024-05-02T00:00:00Z'), new Date('2024-05-02T00:59:50Z'), 35_900],
    ]);
    expect(rows.map((row) => row.engineHours)).toEqual([HOUR, HOUR - 10_000]);
  });
});
