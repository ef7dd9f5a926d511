import { initI18n } from '@rastro/shared';
import type { Position, TrackingEvent } from '@rastro/shared';
import { unitSettingsOf } from '../units/userUnits';
import type { UnitSettings } from '../units/userUnits';
import { RouteRows } from '../rows/routeColumns';
import { chartKeys, chartSeries, chartValues, eventsReport, routeReport, stopsReport, summaryReport, tripsReport } from './definitions';
import type { ReportDefinition, CellContext } from './definitions';

beforeAll(() => initI18n('en-US'));

const metric = unitSettingsOf({ id: 1, name: 'A', email: 'a@b.c', attributes: { timezone: 'America/Sao_Paulo' } }, null, 'pt-BR');
const imperial: UnitSettings = { ...metric, language: 'en-US', speedUnit: 'mph', distanceUnit: 'mi', altitudeUnit: 'ft', timeZone: 'UTC' };
const context = (units: UnitSettings): CellContext => ({ units, deviceName: (id) => `Device ${id}`, geofenceName: (id) => `Geofence ${id}` });
const spaces = (text: string) => text.replace(/\s/g, ' ');

/** A row as the table shows it: column key → cell text. */
function shown<Row>(definition: ReportDefinition<Row>, answer: unknown, units: UnitSettings): Record<string, string> {
  const row = definition.row.parse(answer);
  return Object.fromEntries(definition.columns.map((column) => [column.key, spaces(column.cell(row, context(units)))]));
}

const base = { deviceId: 3, deviceName: 'Van 3', distance: 12_345, averageSpeed: 20, maxSpeed: 50, spentFuel: 4.25, startOdometer: 100_000, endOdometer: 112_345, startTime: '2026-11-25T11:00:00.000+00:00', endTime: '2026-11-25T12:30:00.000+00:00' };

it('summary: distance, speeds, engine hours, fuel and odometers in the user’s units', () => {
  const answer = { ...base, engineHours: 5_400_000 };
  expect(shown(summaryReport, answer, metric)).toEqual({
    device: 'Van 3',
    start: '25/11/2026, 08:00',
    distance: '12,3 km',
    averageSpeed: '37 km/h',
    maxSpeed: '93 km/h',
    engineHours: '1 h 30 min',
    spentFuel: '4,3',
    startOdometer: '100,0 km',
    endOdometer: '112,3 km',
  });
  expect(shown(summaryReport, answer, imperial)).toMatchObject({ start: '11/25/26, 11:00', distance: '7.7 mi', averageSpeed: '23 mph', maxSpeed: '58 mph' });
});

it('trips: times, addresses (or the place when none), distance, duration, speeds and driver', () => {
  const answer = { ...base, startPositionId: 1, startLat: -23.5, startLon: -46.6, startAddress: 'Av. Paulista, 1000', endPositionId: 9, endLat: -23.6, endLon: -46.7, endAddress: null, duration: 5_400_000, driverUniqueId: 'D1', driverName: 'Rita' };
  expect(shown(tripsReport, answer, metric)).toEqual({
    device: 'Van 3',
    start: '25/11/2026, 08:00',
    startAddress: 'Av. Paulista, 1000',
    end: '25/11/2026, 09:30',
    endAddress: '-23.60000, -46.70000',
    distance: '12,3 km',
    duration: '1 h 30 min',
    averageSpeed: '37 km/h',
    maxSpeed: '93 km/h',
    driver: 'Rita',
  });
  expect(tripsReport.paged).toBe(true);
});

it('stops: place, start, duration and engine hours', () => {
  const answer = { ...base, positionId: 5, latitude: -23.5, longitude: -46.6, address: null, duration: 1_800_000, engineHours: 60_000 };
  expect(shown(stopsReport, answer, metric)).toEqual({ device: 'Van 3', start: '25/11/2026, 08:00', address: '-23.50000, -46.60000', duration: '0 h 30 min', engineHours: '0 h 01 min' });
});

it('events: time, device by its name, the event’s name from the shared catalog, geofence and command result', () => {
  const alarm: TrackingEvent = { id: 1, type: 'alarm', eventTime: '2026-11-25T11:00:00.000+00:00', deviceId: 3, positionId: 7, geofenceId: 0, attributes: { alarm: 'sos' } };
  expect(shown(eventsReport, alarm, imperial)).toEqual({ time: '11/25/26, 11:00', device: 'Device 3', type: 'Alarm: SOS', geofence: '', result: '' });
  expect(shown(eventsReport, { ...alarm, type: 'geofenceEnter', geofenceId: 4, attributes: {} }, imperial)).toMatchObject({ type: 'Entered a geofence', geofence: 'Geofence 4' });
  expect(shown(eventsReport, { ...alarm, type: 'commandResult', attributes: { result: 'OK' } }, imperial)).toMatchObject({ result: 'OK' });
});

const fix = (id: number, speed: number, attributes: Record<string, unknown> = {}): Position => ({ id, deviceId: 3, fixTime: `2026-11-25T11:0${id}:00.000+00:00`, latitude: -23.5, longitude: -46.6, speed, course: 0, altitude: 100, attributes });

it('route: every fix with its time, place, speed and altitude; the chart offers speed, altitude and numeric attributes', () => {
  expect(shown(routeReport, fix(1, 10), imperial)).toEqual({ device: 'Device 3', time: '11/25/26, 11:01', latitude: '-23.500000', longitude: '-46.600000', speed: '12 mph', altitude: '328 ft', address: '' });
  const route = RouteRows.of([fix(1, 10, { fuel: 40, ignition: true }), fix(2, 20, { batteryLevel: 90 }), { ...fix(3, 30, { coolant: 80 }), deviceId: 4 }]);
  const first = { start: 0, end: 2 };
  // Another device's attributes are not this one's.
  expect(chartKeys(route, first)).toEqual(['speed', 'altitude', 'batteryLevel', 'fuel']);
  expect(Array.from(chartValues(route, first, 'speed', metric), (value) => Math.round(value ?? 0))).toEqual([19, 37]);
  expect(Array.from(chartValues(route, first, 'altitude', imperial), (value) => Math.round(value ?? 0))).toEqual([328, 328]);
  expect(chartValues(route, first, 'fuel', metric)).toEqual([40, null]);
});

it('route chart: a long series keeps each bucket’s lowest and highest value in time order, a short one every fix', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 11, minute)).toISOString();
  const speeds = [10, 50, 5, 20, 30, 31, 0, 0, 90, 1];
  const route = RouteRows.of(speeds.map((speed, index) => ({ ...fix(index + 1, speed, index === 4 ? {} : { fuel: index }), fixTime: at(index) })));
  const all = { start: 0, end: speeds.length };
  const knots = { ...metric, speedUnit: 'kn' as const };
  expect(chartSeries(route, all, 'speed', knots, 100).values).toEqual(speeds);
  // Buckets of 3 (10 values, at most 8 points): each one's lowest and highest, in time order; one where they match.
  const thin = chartSeries(route, all, 'speed', knots, 8);
  expect(thin.values).toEqual([50, 5, 20, 31, 0, 90, 1]);
  expect(Array.from(thin.times)).toEqual([1, 2, 3, 5, 6, 8, 9].map((minute) => Date.parse(at(minute)) / 1000));
  // A fix without the attribute is no peak.
  expect(chartSeries(route, all, 'fuel', metric, 8).values).toEqual([0, 2, 3, 5, 6, 8, 9]);
});
