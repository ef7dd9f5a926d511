import { startTracker, type RunningTracker } from '../index';
import { getJson, login, openSocket, postJson, readUntil } from '../test-support/tracker-client';

interface EventJson {
  type: string;
  deviceId: number;
  geofenceId: number;
  positionId: number;
  attributes: { message?: string };
}
type Message = { positions?: Array<{ deviceId: number; latitude: number }>; events?: EventJson[] };

// Real places in São Paulo: the Praça da Sé, and the Estação da Luz, 1.7 km north.
const PRACA_DA_SE = { lat: '-23.5503', lon: '-46.6339' };
const LUZ = { lat: '-23.5349', lon: '-46.6352' };

describe('events on the web channel, end to end', () => {
  let tracker: RunningTracker;

  beforeAll(async () => {
    // No simulator: the device reports only what the test sends through the OsmAnd port.
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { enabled: false, devices: 20, seed: 1 } });
  }, 30_000);

  afterAll(() => tracker?.close());

  it('a user with a geofenceEnter notification hears of the entry, with a message; a user without one does not', async () => {
    // "user" and Ana both see Ana's delivery vehicles; only "user" sets up a notification.
    const userCookie = await login(tracker.url, 'user', 'user');
    const anaCookie = await login(tracker.url, 'ana', 'ana');
    const [vehicle] = await getJson<Array<{ id: number; name: string; uniqueId: string }>>(`${tracker.url}/api/devices`, { cookie: anaCookie });
    if (!vehicle) throw new Error('Ana sees no vehicle');

    const asUser = <T>(path: string, body: unknown) => postJson<T>(tracker.url, path, userCookie, body);
    const geofence = await asUser<{ id: number }>('/api/geofences', { name: 'Marco Zero', area: `CIRCLE (${PRACA_DA_SE.lat} ${PRACA_DA_SE.lon}, 300)` });
    await asUser('/api/permissions', { deviceId: vehicle.id, geofenceId: geofence.id });
    const notification = await asUser<{ id: number }>('/api/notifications', { type: 'geofenceEnter', always: false, notificators: 'mail,web' });
    await asUser('/api/permissions', { deviceId: vehicle.id, notificationId: notification.id });

    const socketUrl = `${tracker.url.replace('http', 'ws')}/api/socket`;
    const userSocket = await openSocket(socketUrl, { cookie: userCookie });
    const anaSocket = await openSocket(socketUrl, { cookie: anaCookie });
    const userSaw: Message[] = [];
    const anaSaw: Message[] = [];
    try {
      const start = Math.floor(Date.now() / 1000);
      const report = async (place: { lat: string; lon: string }, secondsLater: number) => {
        const query = new URLSearchParams({ id: vehicle.uniqueId, ...place, timestamp: String(start + secondsLater), speed: '12' });
        expect((await fetch(`${tracker.osmandUrl}/?${query.toString()}`)).status).toBe(200);
      };
      const reported = (latitude: string) => (message: Message) => message.positions?.find((position) => position.latitude === Number(latitude));

      await report(LUZ, 0);
      await report(PRACA_DA_SE, 30);
      const entered = await readUntil(userSocket, userSaw, (message) => message.events?.find((event) => event.geofenceId === geofence.id));
      expect(entered).toMatchObject({ type: 'geofenceEnter', deviceId: vehicle.id, attributes: { message: `${vehicle.name} entered geofence Marco Zero` } });
      expect(entered.positionId).toBeGreaterThan(0);

      // Ana's socket is ordered: once she has the position of a later report, any event of the
      // entry would have reached her before it.
      await report(LUZ, 60);
      await readUntil(anaSocket, anaSaw, () => (anaSaw.filter(reported(LUZ.lat)).length >= 2 ? true : undefined));
      expect(anaSaw.filter(reported(PRACA_DA_SE.lat))).toHaveLength(1);
      expect(anaSaw.filter((message) => message.events)).toEqual([]);
      // And "user" has no geofenceExit notification: the exit is stored but not delivered to him.
      await readUntil(userSocket, userSaw, () => (userSaw.filter(reported(LUZ.lat)).length >= 2 ? true : undefined));
      expect(new Set(userSaw.flatMap((message) => message.events ?? []).map((event) => event.type))).toEqual(new Set(['geofenceEnter']));
    } finally {
      userSocket.socket.close();
      anaSocket.socket.close();
    }
  }, 20_000);

  it('completes positions before storing them: computed attributes linked to the device, and the geofences it is in', async () => {
    const admin = await login(tracker.url, 'admin', 'admin');
    const asAdmin = <T>(path: string, body: unknown) => postJson<T>(tracker.url, path, admin, body);
    const devices = await getJson<Array<{ id: number; uniqueId: string }>>(`${tracker.url}/api/devices`, { cookie: admin });
    const vehicle = devices[devices.length - 1];
    if (!vehicle) throw new Error('no device');
    const square = await asAdmin<{ id: number }>('/api/geofences', { name: 'Praça', area: `CIRCLE (${PRACA_DA_SE.lat} ${PRACA_DA_SE.lon}, 200)` });
    await asAdmin('/api/permissions', { deviceId: vehicle.id, geofenceId: square.id });
    const kmh = await asAdmin<{ id: number }>('/api/attributes/computed', { description: 'km/h', attribute: 'speedKph', expression: 'speed * 1.852', type: 'number' });
    const fast = await asAdmin<{ id: number }>('/api/attributes/computed', { description: 'fast?', attribute: 'fast', expression: 'speedKph > 30', type: 'boolean', priority: -1 });
    const broken = await asAdmin<{ id: number }>('/api/attributes/computed', { description: 'bad', attribute: 'nope', expression: 'noSuchVariable + 1', type: 'number' });
    for (const attribute of [kmh, fast, broken]) await asAdmin('/api/permissions', { deviceId: vehicle.id, attributeId: attribute.id });

    type Stored = { attributes: Record<string, unknown>; geofenceIds: number[] | null; latitude: number };
    const latest = async () => (await getJson<Stored[]>(`${tracker.url}/api/positions?deviceId=${vehicle.id}`, { cookie: admin }))[0];
    // The event configuration is re-read within a second of a change: report until it shows.
    let stored: Stored | undefined;
    for (let attempt = 0; attempt < 15 && stored?.attributes.speedKph === undefined; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      const query = new URLSearchParams({ id: vehicle.uniqueId, ...PRACA_DA_SE, speed: '20' });
      expect((await fetch(`${tracker.osmandUrl}/?${query.toString()}`)).status).toBe(200);
      stored = await latest();
    }
    expect(stored?.attributes).toMatchObject({ speedKph: 37.04, fast: true });
    expect(stored?.attributes).not.toHaveProperty('nope');
    expect(stored?.geofenceIds).toEqual([square.id]);

    const outside = new URLSearchParams({ id: vehicle.uniqueId, ...LUZ, speed: '5' });
    expect((await fetch(`${tracker.osmandUrl}/?${outside.toString()}`)).status).toBe(200);
    const away = await latest();
    expect([away?.latitude, away?.geofenceIds, away?.attributes.fast]).toEqual([Number(LUZ.lat), null, false]);
  }, 20_000);
});
