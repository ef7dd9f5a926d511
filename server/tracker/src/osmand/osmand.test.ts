import { demoAccount, startTracker, type RunningTracker } from '../index';
import { FORM, getJson, login, openSocket, type TestSocket } from '../test-support/tracker-client';

interface DeviceJson {
  id: number;
  uniqueId: string;
  status: string;
}
interface PositionJson {
  deviceId: number;
  protocol: string;
  latitude: number;
  longitude: number;
  speed: number;
  course: number;
  valid: boolean;
  fixTime: string;
  deviceTime: string;
  network: unknown;
  attributes: Record<string, unknown>;
}
type Message = { positions?: PositionJson[]; devices?: DeviceJson[] };

/** Reads messages until one satisfies `found`; fails after `timeoutMs` in all. */
async function nextMatching<T>(socket: TestSocket, found: (message: Message) => T | undefined, timeoutMs = 1000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = found(await socket.next<Message>(Math.max(1, deadline - Date.now())));
    if (result !== undefined) return result;
  }
}

const positionOf = (deviceId: number) => (message: Message) => message.positions?.find((position) => position.deviceId === deviceId);
const statusOf = (deviceId: number) => (message: Message) => message.devices?.find((device) => device.id === deviceId)?.status;

describe('the OsmAnd protocol port', () => {
  let tracker: RunningTracker;
  let socket: TestSocket;
  let devices: DeviceJson[];
  let admin: string;
  const report = (query: Record<string, string>, init?: RequestInit) => fetch(`${tracker.osmandUrl}/?${new URLSearchParams(query).toString()}`, init);

  beforeAll(async () => {
    // No simulator: the seeded devices only report what the tests send.
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { enabled: false, devices: 6 }, statusTimeoutSeconds: 1 });
    const cookie = await login(tracker.url, demoAccount.email, demoAccount.password);
    admin = cookie;
    devices = await getJson<DeviceJson[]>(`${tracker.url}/api/devices`, { cookie });
    socket = await openSocket(`${tracker.url.replace('http', 'ws')}/api/socket`, { cookie });
    expect(await socket.next()).toEqual({ positions: [] });
  }, 30_000);

  afterAll(async () => {
    socket?.socket.close();
    await tracker?.close();
  });

  const device = (index: number) => devices[index] as DeviceJson;

  it('listens on its own port', () => {
    expect(tracker.osmandPort).toBeGreaterThan(0);
    expect(tracker.osmandPort).not.toBe(tracker.port);
  });

  it('takes a GET report: the position reaches the websocket within a second, the device comes online', async () => {
    const { id, uniqueId } = device(0);
    const response = await report({ id: uniqueId, lat: '-23.55', lon: '-46.63', speed: '20.5', bearing: '90', altitude: '760', batt: '87', ignition: 'true', alarm: 'sos', driverUniqueId: '0042', fuel: '31.5' });
    expect(response.status).toBe(200);
    expect(await nextMatching(socket, statusOf(id))).toBe('online');
    const position = await nextMatching(socket, positionOf(id));
    expect(position).toMatchObject({ protocol: 'osmand', latitude: -23.55, longitude: -46.63, speed: 20.5, course: 90 });
    expect(position.attributes).toMatchObject({ batteryLevel: 87, ignition: true, alarm: 'sos', driverUniqueId: '0042', fuel: 31.5, motion: true, totalDistance: 0 });
    // Without a timestamp the server's clock dates the fix.
    expect(Math.abs(Date.parse(position.fixTime) - Date.now())).toBeLessThan(5000);
  });

  it('accumulates the odometer from one report to the next', async () => {
    const { id, uniqueId } = device(0);
    expect((await report({ id: uniqueId, lat: '-23.56', lon: '-46.63', speed: '0' })).status).toBe(200);
    const position = await nextMatching(socket, positionOf(id));
    // 0.01° of latitude is about 1.1 km.
    expect(position.attributes.totalDistance as number).toBeGreaterThan(1000);
    expect(position.attributes.totalDistance as number).toBeLessThan(1200);
    expect(position.attributes.motion).toBe(false);
  });

  it('chains the odometer of reports of one device sent at the same moment, each from the one before it', async () => {
    const { id, uniqueId } = device(0);
    // Later than anything the device reported so far: a first fix, then the others from there.
    const start = (Math.floor(Date.now() / 1000) + 60) * 1000;
    expect((await report({ id: uniqueId, lat: '-23.56', lon: '-46.63', timestamp: String(start / 1000) })).status).toBe(200);
    const [latest] = await getJson<PositionJson[]>(`${tracker.url}/api/positions?deviceId=${id}`, { cookie: admin });
    const before = latest?.attributes.totalDistance as number;
    // Four fixes 0.01° of latitude (1,111.95 m) apart, all in flight together.
    const sent = [1, 2, 3, 4].map((step) => report({ id: uniqueId, lat: String(-23.56 - step / 100), lon: '-46.63', timestamp: String(start / 1000 + step) }));
    expect((await Promise.all(sent)).map((response) => response.status)).toEqual([200, 200, 200, 200]);

    const from = new Date(start + 1000).toISOString();
    const to = new Date(start + 10_000).toISOString();
    const stored = await getJson<PositionJson[]>(`${tracker.url}/api/positions?deviceId=${id}&from=${from}&to=${to}`, { cookie: admin });
    expect(stored.map((position) => position.attributes.distance)).toEqual([1111.95, 1111.95, 1111.95, 1111.95]);
    expect(stored.map((position) => Math.round((position.attributes.totalDistance as number) - before))).toEqual([1112, 2224, 3336, 4448]);
  });

  it('takes a POST form body, and the Traccar Client location=lat,lon form with deviceid', async () => {
    const { id, uniqueId } = device(1);
    const response = await fetch(`${tracker.osmandUrl}/any/path`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ deviceid: uniqueId, location: '-23.5,-46.6', heading: '180', accuracy: '5' }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await nextMatching(socket, positionOf(id))).toMatchObject({ latitude: -23.5, longitude: -46.6, course: 180 });
  });

  const postJson = (body: unknown) =>
    fetch(`${tracker.osmandUrl}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it("takes the Traccar Client app's JSON body: coords in m/s become knots, battery, motion, odometer, extras", async () => {
    const { id, uniqueId } = device(1);
    // Later than the form report above: the device's latest fix, the place a report without coords reuses.
    const at = new Date(Date.now() + 60_000);
    const response = await postJson({
      device_id: uniqueId,
      location: {
        timestamp: at.toISOString(),
        coords: { latitude: -23.51, longitude: -46.61, accuracy: 8, speed: 10, heading: 270, altitude: 745 },
        is_moving: true,
        odometer: 1234.9,
        event: 'motionchange',
        activity: { type: 'in_vehicle' },
        battery: { level: 0.85, is_charging: true },
        extras: { trip: 'delivery-7' },
      },
    });
    expect(response.status).toBe(200);
    const position = await nextMatching(socket, positionOf(id));
    expect(position).toMatchObject({ latitude: -23.51, longitude: -46.61, course: 270 });
    expect(Date.parse(position.fixTime)).toBe(at.getTime());
    expect(position.speed).toBeCloseTo(19.438, 3);
    expect(position.attributes).toMatchObject({ motion: true, odometer: 1234, event: 'motionchange', activity: 'in_vehicle', batteryLevel: 85, charge: true, trip: 'delivery-7' });
  });

  it("a JSON report without coords is the device's last fix, dated by the server's clock (Traccar's getLastLocation)", async () => {
    const { id, uniqueId } = device(1);
    const [last] = await getJson<PositionJson[]>(`${tracker.url}/api/positions?deviceId=${id}`, { cookie: admin });
    expect((await postJson({ device_id: uniqueId, location: { timestamp: new Date(Date.now() + 120_000).toISOString(), event: 'heartbeat' } })).status).toBe(200);
    const position = await nextMatching(socket, positionOf(id));
    expect(position).toMatchObject({ latitude: -23.51, longitude: -46.61, course: 270, valid: true, fixTime: last?.fixTime, attributes: expect.objectContaining({ event: 'heartbeat' }) });
    expect(Math.abs(Date.parse(position.deviceTime) - Date.now())).toBeLessThan(5000);
  });

  it('answers 400 to a JSON report from an unknown device, without location, or that is not JSON', async () => {
    const { uniqueId } = device(1);
    const location = { timestamp: '2025-01-01T12:00:00Z', coords: { latitude: -23.5, longitude: -46.6 } };
    expect((await postJson({ device_id: 'no-such-device', location })).status).toBe(400);
    expect((await postJson({ device_id: uniqueId })).status).toBe(400);
    expect((await postJson({ device_id: uniqueId, location: { ...location, coords: { latitude: 95, longitude: 0 } } })).status).toBe(400);
    expect((await postJson('{"device_id": ')).status).toBe(400);
  });

  it("a query report without coordinates is the device's last fix, validity included, with the report's time and data", async () => {
    const { id, uniqueId } = device(4);
    const fixedAt = Math.floor(Date.now() / 1000) + 300;
    expect((await report({ id: uniqueId, lat: '-23.53', lon: '-46.64', valid: 'false', speed: '12', timestamp: String(fixedAt) })).status).toBe(200);
    await nextMatching(socket, positionOf(id));

    expect((await report({ id: uniqueId, batt: '41', ignition: 'false', speed: '3', timestamp: String(fixedAt + 30) })).status).toBe(200);
    const position = await nextMatching(socket, positionOf(id));
    expect(position).toMatchObject({ latitude: -23.53, longitude: -46.64, valid: false, speed: 12, attributes: expect.objectContaining({ batteryLevel: 41, ignition: false }) });
    expect(Date.parse(position.fixTime)).toBe(fixedAt * 1000);
    expect(Date.parse(position.deviceTime)).toBe((fixedAt + 30) * 1000);

    // Without a time, the server's clock; with only one coordinate, still the last fix.
    expect((await report({ id: uniqueId, lat: '-10', batt: '40' })).status).toBe(200);
    const untimed = await nextMatching(socket, positionOf(id));
    expect(untimed).toMatchObject({ latitude: -23.53, longitude: -46.64, attributes: expect.objectContaining({ batteryLevel: 40 }) });
    expect(Math.abs(Date.parse(untimed.deviceTime) - Date.now())).toBeLessThan(5000);
    // Stored like any other report.
    const [stored] = await getJson<PositionJson[]>(`${tracker.url}/api/positions?deviceId=${id}`, { cookie: admin });
    expect(stored).toMatchObject({ latitude: -23.53, longitude: -46.64, attributes: expect.objectContaining({ batteryLevel: 40 }) });
  });

  it('a report without coordinates from a device that never reported lies at 0,0, its fix dated at the epoch, as Traccar', async () => {
    const { id, uniqueId } = device(5);
    expect((await report({ id: uniqueId, batt: '77' })).status).toBe(200);
    const position = await nextMatching(socket, positionOf(id));
    expect(position).toMatchObject({ latitude: 0, longitude: 0, valid: true, fixTime: '1970-01-01T00:00:00.000+00:00', attributes: expect.objectContaining({ batteryLevel: 77 }) });
  });

  it('reads hdop, valid=false and charge from a query report', async () => {
    const { id, uniqueId } = device(2);
    expect((await report({ id: uniqueId, lat: '-23.52', lon: '-46.62', hdop: '1.5', valid: 'false', charge: 'true' })).status).toBe(200);
    const position = await nextMatching(socket, positionOf(id));
    expect(position).toMatchObject({ valid: false, attributes: expect.objectContaining({ hdop: 1.5, charge: true }) });
  });

  it('stores repeated cell and wifi parameters as the position’s network, as Traccar’s OsmAnd decoder; a malformed one is a 400', async () => {
    const { id, uniqueId } = device(2);
    const query = `id=${uniqueId}&lat=-23.52&lon=-46.62&cell=724,5,1234,56789,-71&cell=724,5,1234,56790&wifi=aa-bb-cc-dd-ee-ff,-60&wifi=11:22:33:44:55:66,-80`;
    expect((await fetch(`${tracker.osmandUrl}/?${query}`)).status).toBe(200);
    const network = {
      radioType: 'gsm',
      considerIp: false,
      cellTowers: [
        { cellId: 56789, locationAreaCode: 1234, mobileCountryCode: 724, mobileNetworkCode: 5, signalStrength: -71 },
        { cellId: 56790, locationAreaCode: 1234, mobileCountryCode: 724, mobileNetworkCode: 5 },
      ],
      wifiAccessPoints: [
        { macAddress: 'aa:bb:cc:dd:ee:ff', signalStrength: -60 },
        { macAddress: '11:22:33:44:55:66', signalStrength: -80 },
      ],
    };
    const live = await nextMatching(socket, positionOf(id));
    expect(live).toMatchObject({ network });
    expect(live.attributes).not.toHaveProperty('cell');
    const [stored] = await getJson<Array<{ network: unknown }>>(`${tracker.url}/api/positions?deviceId=${id}`, { cookie: admin });
    expect(stored?.network).toEqual(network);

    // A report with only Wi-Fi: no cellTowers key at all (Traccar leaves nulls out).
    expect((await report({ id: uniqueId, lat: '-23.52', lon: '-46.62', wifi: '01-02-03-04-05-06,-50' })).status).toBe(200);
    expect((await nextMatching(socket, positionOf(id))).network).toEqual({ radioType: 'gsm', considerIp: false, wifiAccessPoints: [{ macAddress: '01:02:03:04:05:06', signalStrength: -50 }] });

    const malformed: Array<Record<string, string>> = [{ cell: '724,5,1234' }, { cell: '724,5,x,1' }, { wifi: 'aa:bb:cc:dd:ee:ff' }, { wifi: 'aa:bb:cc:dd:ee:ff,-6.5' }];
    for (const bad of malformed) {
      expect((await report({ id: uniqueId, lat: '-23.52', lon: '-46.62', ...bad })).status).toBe(400);
    }
  });

  it("derives motion above the device's event.motion.speedThreshold (Traccar's MotionHandler)", async () => {
    const { id, uniqueId } = device(2);
    const stored = (await getJson<Array<Record<string, unknown>>>(`${tracker.url}/api/devices?id=${id}`, { cookie: admin }))[0];
    const put = await fetch(`${tracker.url}/api/devices/${id}`, {
      method: 'PUT',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...stored, attributes: { 'event.motion.speedThreshold': 5 } }),
    });
    expect(put.status).toBe(200);
    // The configuration is re-read within a second: report until the new threshold shows.
    let motion: unknown = true;
    for (let attempt = 0; attempt < 15 && motion !== false; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await report({ id: uniqueId, lat: '-23.52', lon: '-46.62', speed: '3' })).status).toBe(200);
      motion = (await nextMatching(socket, positionOf(id))).attributes.motion;
    }
    expect(motion).toBe(false);
    expect((await report({ id: uniqueId, lat: '-23.52', lon: '-46.62', speed: '6' })).status).toBe(200);
    expect((await nextMatching(socket, positionOf(id))).attributes.motion).toBe(true);
  });

  it.each([
    ['Unix seconds', '1735732800'],
    ['Unix milliseconds', '1735732800000'],
    ['ISO', '2025-01-01T12:00:00Z'],
  ])('reads the timestamp as %s', async (_format, timestamp) => {
    const { id, uniqueId } = device(2);
    expect((await report({ id: uniqueId, lat: '-23.5', lon: '-46.6', timestamp })).status).toBe(200);
    expect((await nextMatching(socket, positionOf(id))).fixTime).toBe('2025-01-01T12:00:00.000+00:00');
  });

  it('answers 400 for an unknown device, a missing id, invalid coordinates and a bad timestamp', async () => {
    const { uniqueId } = device(3);
    expect((await report({ id: 'no-such-device', lat: '-23.5', lon: '-46.6' })).status).toBe(400);
    expect((await report({ lat: '-23.5', lon: '-46.6' })).status).toBe(400);
    expect((await report({ id: uniqueId, location: '-23.5' })).status).toBe(400);
    expect((await report({ id: uniqueId, lat: 'north', lon: '-46.6' })).status).toBe(400);
    expect((await report({ id: uniqueId, lat: '123', lon: '-46.6' })).status).toBe(400);
    expect((await report({ id: uniqueId, lat: '-23.5', lon: '-46.6', timestamp: 'yesterday' })).status).toBe(400);
  });

  it('marks a silent device unknown after the status timeout, as Traccar, and online again when it reports', async () => {
    const { id, uniqueId } = device(3);
    expect((await report({ id: uniqueId, lat: '-23.5', lon: '-46.6' })).status).toBe(200);
    expect(await nextMatching(socket, statusOf(id))).toBe('online');
    expect(await nextMatching(socket, statusOf(id), 3000)).toBe('unknown');
    expect((await report({ id: uniqueId, lat: '-23.5', lon: '-46.6' })).status).toBe(200);
    expect(await nextMatching(socket, statusOf(id))).toBe('online');
  });
});
