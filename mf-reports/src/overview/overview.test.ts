import { periodRange } from '../filter/period';
import { summaryReport, tripsReport, stopsReport } from '../reports/definitions';
import { daysOf, fleetOverview } from './overview';

const zone = 'America/Sao_Paulo';
const range = periodRange({ shortcut: 'last7', customFrom: '', customTo: '' }, zone, Date.parse('2026-11-26T12:00:00Z'));
const base = { deviceId: 1, deviceName: 'Van', averageSpeed: 0, maxSpeed: 0, spentFuel: 0, startOdometer: 0, endOdometer: 0, endTime: null };

it('adds each figure up over the fleet and per day of the period in the user’s zone', () => {
  expect(daysOf(range)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
  const summary = [
    summaryReport.row.parse({ ...base, distance: 1000, startTime: '2026-11-20T12:00:00Z', engineHours: 0 }),
    summaryReport.row.parse({ ...base, deviceId: 2, distance: 500, startTime: '2026-11-20T12:00:00Z', engineHours: 0 }),
    summaryReport.row.parse({ ...base, distance: 2000, startTime: '2026-11-26T12:00:00Z', engineHours: 0 }),
  ];
  // 01:00 UTC on the 21st is still the 20th in São Paulo.
  const trips = [tripsReport.row.parse({ ...base, distance: 0, startTime: '2026-11-21T01:00:00Z', duration: 600_000 })];
  const stops = [stopsReport.row.parse({ ...base, distance: 0, startTime: '2026-11-22T12:00:00Z', duration: 0, engineHours: 120_000 })];
  const overview = fleetOverview({ summary, trips, stops }, range, zone);
  expect(overview.distance).toEqual({ total: 3500, perDay: [1500, 0, 0, 0, 0, 0, 2000] });
  expect(overview.driving).toEqual({ total: 600_000, perDay: [600_000, 0, 0, 0, 0, 0, 0] });
  expect(overview.idle?.total).toBe(120_000);
  expect(overview.stops).toEqual({ total: 1, perDay: [0, 0, 1, 0, 0, 0, 0] });
  // Without the events report (no permission), overspeed is left out, not zero.
  expect(overview.overspeed).toBeUndefined();
});
