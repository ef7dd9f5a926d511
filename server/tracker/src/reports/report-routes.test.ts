import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValueType, type Worksheet } from 'exceljs';
import { DevicesRepository } from '../db/devices-repository';
import { EntityStore } from '../db/entity-store';
import { EventsRepository } from '../db/events-repository';
import { openDatabase } from '../db/open-database';
import { PositionsRepository } from '../db/positions-repository';
import { UsersRepository } from '../db/users-repository';
import type { DeviceRecord } from '../entities/device';
import { GROUP } from '../entities/entity-kinds';
import { demoAccount, startTracker, type RunningTracker } from '../index';
import { login } from '../test-support/tracker-client';
import { DATE_FORMAT, DURATION_FORMAT, readSpreadsheet, XLSX_MIME } from './spreadsheet';
import { TrackBuilder } from './track-builder';

const JAKARTA_401 = 'jakarta.ws.rs.WebApplicationException: HTTP 401 Unauthorized';
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const DAY = 'from=2024-05-01T00:00:00Z&to=2024-05-02T00:00:00Z';
const START = new Date('2024-05-01T08:00:00Z');

/**
 * The reports over a real tracker. Tracks are stored straight into its database between two
 * starts (the first one seeds the demo accounts and fleet), so every figure is known in advance:
 * - `driver` (in "Entregas", reached by the demo user): 20 min driving, 30 min parked, 20 min driving;
 * - `courier` (also in "Entregas"): 20 min driving, then parked for 30 min;
 * - `director` (not reached by the demo user): 10 min driving.
 */
describe('GET /api/reports/*', () => {
  let dataDir: string;
  let tracker: RunningTracker;
  let admin: string;
  let user: string;
  let driver: DeviceRecord;
  let courier: DeviceRecord;
  let director: DeviceRecord;
  let deliveriesGroupId: number;

  const get = (path: string, cookie?: string, accept = 'application/json') =>
    fetch(`${tracker.url}${path}`, { headers: { accept, ...(cookie ? { cookie } : {}) } });
  async function json<T = Record<string, unknown>[]>(path: string, cookie = admin): Promise<T> {
    const response = await get(path, cookie);
    if (response.status !== 200) throw new Error(`GET ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rastro-reports-'));
    const options = { port: 0, host: '127.0.0.1', dataDir, simulator: { enabled: false, devices: 20 } };
    await (await startTracker(options)).close();

    const db = await openDatabase({ dataDir });
    try {
      const devices = new DevicesRepository(db);
      const demoUser = await new UsersRepository(db).findByEmailOrLogin('user@rastro.demo');
      const reached = new Set((await devices.findVisible(demoUser!.id)).map((device) => device.id));
      deliveriesGroupId = (await new EntityStore(db).list(GROUP)).find((group) => group.name === 'Entregas')!.id;
      const all = await devices.findAll();
      [driver, courier] = all.filter((device) => device.groupId === deliveriesGroupId) as [DeviceRecord, DeviceRecord];
      director = all.find((device) => !reached.has(device.id))!;

      const positions = new PositionsRepository(db);
      const at = (deviceId: number) => ({ deviceId, start: START });
      await positions.insertMany(new TrackBuilder(at(driver.id)).drive(20, 36).park(30).drive(20, 36).build());
      await positions.insertMany(new TrackBuilder(at(courier.id)).drive(20, 36).park(30).build());
      await positions.insertMany(new TrackBuilder(at(director.id)).drive(10, 36).build());
      const event = (deviceId: number, type: string, minutes: number, attributes = {}) => ({
        type,
        eventTime: new Date(START.getTime() + minutes * 60_000),
        deviceId,
        positionId: 0,
        geofenceId: 0,
        maintenanceId: 0,
        attributes,
      });
      await new EventsRepository(db).insertMany([
        event(driver.id, 'ignitionOn', 0),
        event(courier.id, 'ignitionOn', 1),
        event(driver.id, 'alarm', 30, { alarm: 'sos' }),
        event(driver.id, 'ignitionOff', 20),
      ]);
    } finally {
      await db.close();
    }

    // A route limit the drives pass (the courier's and driver's 300 and 420 fixes), not the director's 60.
    process.env.TRACKER_ROUTE_LIMIT = '100';
    tracker = await startTracker(options);
    admin = await login(tracker.url, demoAccount.email, demoAccount.password);
    user = await login(tracker.url, 'user@rastro.demo', 'user');
  }, 60_000);

  afterAll(async () => {
    delete process.env.TRACKER_ROUTE_LIMIT;
    await tracker?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('trips: two for drive–park–drive, with Traccar\'s fields', async () => {
    const trips = await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}`);
    expect(trips).toHaveLength(2);
    expect(trips[0]).toEqual({
      deviceId: driver.id,
      deviceName: driver.name,
      distance: 12_000,
      averageSpeed: expect.closeTo(19.44, 2),
      maxSpeed: expect.closeTo(19.44, 2),
      spentFuel: expect.closeTo(1.2, 6),
      startOdometer: 0,
      endOdometer: 12_000,
      startTime: '2024-05-01T08:00:00.000+00:00',
      endTime: '2024-05-01T08:20:00.000+00:00',
      startPositionId: expect.any(Number),
      startLat: expect.any(Number),
      startLon: expect.any(Number),
      startAddress: null,
      endPositionId: expect.any(Number),
      endLat: expect.any(Number),
      endLon: expect.any(Number),
      endAddress: null,
      duration: 20 * 60_000,
      driverUniqueId: null,
      driverName: null,
    });
    expect(trips[1]).toMatchObject({ startTime: '2024-05-01T08:50:00.000+00:00', distance: 11_900 });
  });

  it('stops: the parking between the trips', async () => {
    const stops = await json(`/api/reports/stops?deviceId=${driver.id}&${DAY}`);
    expect(stops).toEqual([
      expect.objectContaining({
        deviceId: driver.id,
        deviceName: driver.name,
        positionId: expect.any(Number),
        latitude: expect.any(Number),
        longitude: expect.any(Number),
        address: null,
        startTime: '2024-05-01T08:20:00.000+00:00',
        endTime: '2024-05-01T08:50:00.000+00:00',
        duration: 30 * 60_000,
        engineHours: 0,
      }),
    ]);
  });

  it('summary: one row per device for several devices, per day with daily=true', async () => {
    const rows = await json(`/api/reports/summary?deviceId=${driver.id}&deviceId=${courier.id}&${DAY}&daily=true`);
    expect(rows.map((row) => [row.deviceId, row.distance, row.engineHours])).toEqual(
      expect.arrayContaining([
        [driver.id, 23_900, 40 * 60_000 - 10_000],
        [courier.id, 12_000, 20 * 60_000],
      ]),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(expect.arrayContaining(['deviceName', 'averageSpeed', 'maxSpeed', 'spentFuel', 'startOdometer', 'endOdometer']));
      expect(row.startTime).toMatch(ISO_WITH_OFFSET);
    }
  });

  it('a group means its devices, merged with the ones asked by id', async () => {
    const rows = await json(`/api/reports/summary?groupId=${deliveriesGroupId}&deviceId=${director.id}&${DAY}`);
    expect(rows.map((row) => row.deviceId).sort()).toEqual([driver.id, courier.id, director.id].sort());
  });

  it('route: the positions, as /api/positions writes them', async () => {
    const response = await get(`/api/reports/route?deviceId=${director.id}&${DAY}`, admin);
    expect(response.headers.get('x-rastro-truncated')).toBeNull();
    const route = (await response.json()) as Array<Record<string, unknown>>;
    expect(route).toHaveLength(60);
    expect(route[0]).toMatchObject({ deviceId: director.id, fixTime: '2024-05-01T08:00:00.000+00:00', speed: expect.any(Number), attributes: expect.objectContaining({ motion: true }) });
  });

  it("route: each device's cut at the installation's limit, and the answer says so (X-Rastro-Truncated)", async () => {
    const response = await get(`/api/reports/route?deviceId=${courier.id}&deviceId=${director.id}&${DAY}`, admin);
    expect(response.headers.get('x-rastro-truncated')).toBe('true');
    const route = (await response.json()) as Array<{ deviceId: number }>;
    expect(route.filter((fix) => fix.deviceId === courier.id)).toHaveLength(100);
    expect(route.filter((fix) => fix.deviceId === director.id)).toHaveLength(60);
  });

  it('events: all of them, or only some types', async () => {
    const all = await json(`/api/reports/events?deviceId=${driver.id}&deviceId=${courier.id}&${DAY}&type=allEvents`);
    expect(all.map((event) => event.type)).toEqual(expect.arrayContaining(['ignitionOn', 'ignitionOff', 'alarm', 'ignitionOn']));
    expect(all).toHaveLength(4);
    const alarms = await json(`/api/reports/events?deviceId=${driver.id}&${DAY}&type=alarm`);
    expect(alarms).toEqual([expect.objectContaining({ type: 'alarm', deviceId: driver.id, eventTime: '2024-05-01T08:30:00.000+00:00', attributes: { alarm: 'sos' } })]);
  });

  it('tolerates paging parameters clients send', async () => {
    expect(await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}&page=1&start=0&limit=25`)).toHaveLength(2);
  });

  it('pages trips when asked for a page and a limit (SPEC §7), and answers everything otherwise', async () => {
    const all = await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}`);
    expect(await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}&page=1&limit=1`)).toEqual([all[0]]);
    expect(await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}&page=2&limit=1`)).toEqual([all[1]]);
    expect(await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}&page=3&limit=1`)).toEqual([]);
    expect(await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}&limit=1`)).toHaveLength(2);
    // A page reaching into the next device's trips, and one past them all.
    const fleet = `deviceId=${driver.id}&deviceId=${courier.id}&${DAY}`;
    const both = await json(`/api/reports/trips?${fleet}`);
    expect(both).toHaveLength(3);
    expect(await json(`/api/reports/trips?${fleet}&page=1&limit=2`)).toEqual(both.slice(0, 2));
    expect(await json(`/api/reports/trips?${fleet}&page=2&limit=2`)).toEqual(both.slice(2));
    expect(await json(`/api/reports/trips?${fleet}&page=3&limit=2`)).toEqual([]);
  });

  it('answers an .xlsx attachment when asked for one', async () => {
    const response = await get(`/api/reports/trips?deviceId=${driver.id}&${DAY}`, admin, XLSX_MIME);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX_MIME);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=report.xlsx');
    const sheet = (await readSpreadsheet(new Uint8Array(await response.arrayBuffer()))).worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('Device');
    expect(sheet.getRow(2).getCell(1).value).toBe(driver.name);
    expect(sheet.getRow(2).getCell(2).value).toEqual(START);
  });

  it('every report answers a workbook the spreadsheet library opens, one row per JSON item under a header', async () => {
    for (const kind of ['summary', 'trips', 'stops', 'route', 'events']) {
      const path = `/api/reports/${kind}?deviceId=${driver.id}&deviceId=${courier.id}&${DAY}`;
      const items = await json(path);
      const response = await get(path, admin, XLSX_MIME);
      expect([kind, response.status]).toEqual([kind, 200]);
      const sheet = (await readSpreadsheet(new Uint8Array(await response.arrayBuffer()))).worksheets[0]!;
      expect([kind, sheet.rowCount]).toEqual([kind, items.length + 1]);
      expect(items.length).toBeGreaterThan(0);
    }
  });

  it('the route and trips workbooks keep their sheet, headers, formats and typed values', async () => {
    const workbookOf = async (path: string) => {
      const response = await get(path, admin, XLSX_MIME);
      expect(response.status).toBe(200);
      const workbook = await readSpreadsheet(new Uint8Array(await response.arrayBuffer()));
      expect(workbook.worksheets).toHaveLength(1);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      return sheet;
    };
    const headers = (sheet: Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

    const routePath = `/api/reports/route?deviceId=${driver.id}&${DAY}`;
    const fixes = await json(routePath);
    const route = await workbookOf(routePath);
    expect(route.name).toBe('Route');
    expect(headers(route)).toEqual(['Device', 'Fix time', 'Latitude', 'Longitude', 'Speed (km/h)', 'Course', 'Altitude (m)', 'Address']);
    expect(route.rowCount).toBe(fixes.length + 1);
    const fix = fixes[0]!;
    const fixRow = route.getRow(2);
    expect(fixRow.getCell(1).value).toBe(driver.name);
    expect(fixRow.getCell(2).value).toEqual(new Date(String(fix.fixTime)));
    expect(fixRow.getCell(2).numFmt).toBe(DATE_FORMAT);
    expect(fixRow.getCell(3).value).toBe(fix.latitude);
    expect(fixRow.getCell(4).value).toBe(fix.longitude);
    expect(fixRow.getCell(5).value).toBe(Number(fix.speed) * 1.852);
    expect(fixRow.getCell(5).numFmt).toBe('0.0');
    expect(fixRow.getCell(6).value).toBe(fix.course);
    expect(fixRow.getCell(7).value).toBe(fix.altitude);
    expect(fixRow.getCell(8).type).toBe(ValueType.Null);

    const trips = await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}`);
    const sheet = await workbookOf(`/api/reports/trips?deviceId=${driver.id}&${DAY}`);
    expect(sheet.name).toBe('Trips');
    expect(headers(sheet)).toEqual([
      'Device',
      'Start',
      'Start address',
      'Start odometer (km)',
      'End',
      'End address',
      'End odometer (km)',
      'Distance (km)',
      'Duration',
      'Average speed (km/h)',
      'Maximum speed (km/h)',
      'Spent fuel',
      'Driver',
    ]);
    expect(sheet.rowCount).toBe(trips.length + 1);
    const trip = trips[1]!;
    const tripRow = sheet.getRow(3);
    expect(tripRow.getCell(1).value).toBe(driver.name);
    expect(tripRow.getCell(2).value).toEqual(new Date('2024-05-01T08:50:00Z'));
    expect(tripRow.getCell(3).value).toBe(`${trip.startLat}, ${trip.startLon}`);
    expect(tripRow.getCell(4).value).toBe(Number(trip.startOdometer) / 1000);
    expect(tripRow.getCell(4).numFmt).toBe('0.00');
    expect(tripRow.getCell(8).value).toBe(11.9);
    // A duration is a time of day to Excel, read back from its epoch.
    expect(tripRow.getCell(9).value).toEqual(new Date(Date.UTC(1899, 11, 30) + Number(trip.duration)));
    expect(tripRow.getCell(9).numFmt).toBe(DURATION_FORMAT);
    expect(tripRow.getCell(10).value).toBe(Number(trip.averageSpeed) * 1.852);
    expect(tripRow.getCell(10).numFmt).toBe('0.0');
    expect(tripRow.getCell(12).value).toBe(trip.spentFuel);
    expect(tripRow.getCell(13).type).toBe(ValueType.Null);
  });

  it("trips and stops follow the device's, then the server's report.trip settings", async () => {
    const put = async (path: string, body: unknown) => {
      const response = await fetch(`${tracker.url}${path}`, { method: 'PUT', headers: { cookie: admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(200);
    };
    const device = { name: driver.name, uniqueId: driver.uniqueId, groupId: driver.groupId, category: driver.category };
    const server = await json<Record<string, unknown>>('/api/server');
    try {
      // A 30 min halt is no stop for a device that parks only after an hour: one long trip.
      await put(`/api/devices/${driver.id}`, { ...device, attributes: { ...driver.attributes, 'report.trip.minimalParkingDuration': 3600 } });
      expect((await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}`)).map((trip) => [trip.startTime, trip.endTime])).toEqual([
        ['2024-05-01T08:00:00.000+00:00', '2024-05-01T09:09:50.000+00:00'],
      ]);
      expect(await json(`/api/reports/stops?deviceId=${driver.id}&${DAY}`)).toEqual([]);
      // The server's settings count for devices (and groups) that do not set their own.
      await put(`/api/devices/${driver.id}`, { ...device, attributes: driver.attributes });
      expect(await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}`)).toHaveLength(2);
      await put('/api/server', { ...server, attributes: { ...(server.attributes as object), 'report.trip.minimalParkingDuration': '3600' } });
      expect(await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}`)).toHaveLength(1);
      expect(await json(`/api/reports/stops?deviceId=${driver.id}&${DAY}`)).toEqual([]);
    } finally {
      await put(`/api/devices/${driver.id}`, { ...device, attributes: driver.attributes });
      await put('/api/server', server);
    }
    expect(await json(`/api/reports/trips?deviceId=${driver.id}&${DAY}`)).toHaveLength(2);
  });

  it('refuses dates without a zone with 400', async () => {
    const response = await get(`/api/reports/trips?deviceId=${driver.id}&from=2024-05-01T00:00:00&to=2024-05-02T00:00:00Z`, admin);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/ISO 8601/);
  });

  it('needs a session (401)', async () => {
    const response = await get(`/api/reports/summary?deviceId=${driver.id}&${DAY}`);
    expect(response.status).toBe(401);
    expect((await response.text()).split('\n')[0]).toBe(JAKARTA_401);
  });

  it('lets a user report on devices it reaches and refuses the others', async () => {
    expect(await json(`/api/reports/trips?groupId=${deliveriesGroupId}&${DAY}`, user)).toHaveLength(3);
    const response = await get(`/api/reports/trips?deviceId=${driver.id}&deviceId=${director.id}&${DAY}`, user);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Device access denied');
  });

  it('refuses users whose reports are disabled', async () => {
    const created = await fetch(`${tracker.url}/api/users`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'No reports', email: 'noreports@rastro.demo', password: 'secret', disableReports: true }),
    });
    expect(created.status).toBe(200);
    const cookie = await login(tracker.url, 'noreports@rastro.demo', 'secret');
    const response = await get(`/api/reports/summary?${DAY}`, cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Operation restricted');
  });
});
