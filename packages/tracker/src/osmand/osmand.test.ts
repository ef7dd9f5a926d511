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
  fixTime: string;
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
  const report = (query: Record<string, string>, init?: RequestInit) => fetch(`${tracker.osmandUrl}/?${new URLSearchParams(query).toString()}`, init);

  beforeAll(async () => {
    // No simulator: the seeded devices only report what the tests send.
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { enabled: false, devices: 4 }, statusTimeoutSeconds: 1 });
    const cookie = await login(tracker.url, demoAccount.email, demoAccount.password);
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

  it.each([
    ['Unix seconds', '1735732800'],
    ['Unix milliseconds', '1735732800000'],
    ['ISO', '2025-01-01T12:00:00Z'],
  ])('reads the timestamp as %s', async (_format, timestamp) => {
    const { id, uniqueId } = device(2);
    expect((await report({ id: uniqueId, lat: '-23.5', lon: '-46.6', timestamp })).status).toBe(200);
    expect((await nextMatching(socket, positionOf(id))).fixTime).toBe('2025-01-01T12:00:00.000+00:00');
  });

  it('answers 400 for an unknown device, missing or invalid coordinates and a bad timestamp', async () => {
    const { uniqueId } = device(3);
    expect((await report({ id: 'no-such-device', lat: '-23.5', lon: '-46.6' })).status).toBe(400);
    expect((await report({ lat: '-23.5', lon: '-46.6' })).status).toBe(400);
    expect((await report({ id: uniqueId, lat: '-23.5' })).status).toBe(400);
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
