import { startTracker, type RunningTracker } from '../index';
import { getJson, login, openSocket, postJson, readUntil, type TestSocket } from '../test-support/tracker-client';

interface EventJson {
  id: number;
  type: string;
  deviceId: number;
  positionId: number;
  eventTime: string;
  attributes: Record<string, unknown>;
}
type Message = { positions?: Array<{ id: number; deviceId: number }>; events?: EventJson[] };
interface Device {
  id: number;
  uniqueId: string;
  attributes: Record<string, unknown>;
}

const base64 = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8').toString('base64');

/**
 * Traccar's event rules as a client sees them: reports sent over the OsmAnd port, events heard
 * over the socket (the web channel) and read back from /api/reports/events.
 */
describe('event rules, end to end', () => {
  let tracker: RunningTracker;
  let admin: string;
  let devices: Device[];
  let socket: TestSocket;
  const seen: Message[] = [];

  beforeAll(async () => {
    // Configuration changes apply to the very next report.
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { enabled: false, devices: 8, seed: 1 }, eventConfigMaxAgeMs: 0, inactivityCheckIntervalMs: 100 });
    admin = await login(tracker.url, 'admin', 'admin');
    devices = await getJson<Device[]>(`${tracker.url}/api/devices`, { cookie: admin });
    socket = await openSocket(`${tracker.url.replace('http', 'ws')}/api/socket`, { cookie: admin });
  }, 30_000);

  afterAll(async () => {
    socket?.socket.close();
    await tracker?.close();
  });

  const asAdmin = <T>(path: string, body: unknown) => postJson<T>(tracker.url, path, admin, body);
  async function put(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${tracker.url}${path}`, { method: 'PUT', headers: { cookie: admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
  }
  const setDeviceAttributes = (device: Device, attributes: Record<string, unknown>) => put(`/api/devices/${device.id}`, { ...device, attributes });
  const deviceNumber = (index: number): Device => {
    const device = devices[index];
    if (!device) throw new Error(`no device #${index}`);
    return device;
  };

  const lastPositionId = new Map<number, number>();
  /**
   * One OsmAnd report, once the socket has carried its position: the events of every earlier
   * report of the device have then been heard too (a step sends positions, then events).
   */
  async function report(device: Device, time: Date, parameters: Record<string, string> = {}): Promise<void> {
    const query = new URLSearchParams({ id: device.uniqueId, lat: '-23.5503', lon: '-46.6339', timestamp: time.toISOString(), ...parameters });
    expect((await fetch(`${tracker.osmandUrl}/?${query.toString()}`)).status).toBe(200);
    const after = lastPositionId.get(device.id) ?? 0;
    const position = await readUntil(socket, seen, (message: Message) => message.positions?.find((fix) => fix.deviceId === device.id && fix.id > after));
    lastPositionId.set(device.id, position.id);
  }

  const eventsHeard = (type: string, deviceId: number) => seen.flatMap((message) => message.events ?? []).filter((event) => event.type === type && event.deviceId === deviceId);

  async function storedEvents(device: Device, type: string, from: Date, to: Date): Promise<EventJson[]> {
    const query = new URLSearchParams({ deviceId: String(device.id), type, from: from.toISOString(), to: to.toISOString() });
    return getJson<EventJson[]>(`${tracker.url}/api/reports/events?${query.toString()}`, { cookie: admin, accept: 'application/json' });
  }

  it('a notification with a calendar reaches the socket only while the calendar covers the event; the event is stored all the same', async () => {
    const device = deviceNumber(0);
    const mornings = await asAdmin<{ id: number }>('/api/calendars', {
      name: 'Mornings (UTC)',
      data: base64(['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:mornings', 'DTSTART:20260101T060000Z', 'DTEND:20260101T120000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR']),
    });
    await asAdmin('/api/notifications', { type: 'ignitionOn', always: true, notificators: 'web', calendarId: mornings.id });

    // An ignition cycle at 08:00, 15:00 and 09:00 the next day; the last report only makes sure
    // the events of the one before have reached the socket.
    const day = Date.parse('2026-03-02T00:00:00Z');
    const cycle = async (hour: number) => {
      await report(device, new Date(day + hour * 3_600_000), { ignition: 'false' });
      await report(device, new Date(day + hour * 3_600_000 + 30_000), { ignition: 'true' });
    };
    await cycle(8);
    await cycle(15);
    await cycle(24 + 9);
    await report(device, new Date(day + 34 * 3_600_000));

    const heard = eventsHeard('ignitionOn', device.id).map((event) => event.eventTime.slice(0, 16));
    expect(heard).toEqual(['2026-03-02T08:00', '2026-03-03T09:00']);
    const stored = await storedEvents(device, 'ignitionOn', new Date(day), new Date(day + 2 * 86_400_000));
    expect(stored.map((event) => event.eventTime.slice(0, 16))).toEqual(['2026-03-02T08:00', '2026-03-02T15:00', '2026-03-03T09:00']);
  }, 20_000);

  it('deviceOverspeed waits for event.overspeed.minimalDuration of fix time above the speedLimit', async () => {
    const device = deviceNumber(1);
    await asAdmin('/api/notifications', { type: 'deviceOverspeed', always: true, notificators: 'web' });
    await put('/api/server', { attributes: { 'event.overspeed.minimalDuration': 30 } });
    await setDeviceAttributes(device, { speedLimit: 50 });

    const start = Date.parse('2026-03-04T10:00:00Z');
    const speeds = [[0, 40], [10, 60], [25, 62], [40, 64], [50, 70], [60, 40]] as const;
    for (const [seconds, speed] of speeds) await report(device, new Date(start + seconds * 1000), { speed: String(speed) });

    const stored = await storedEvents(device, 'deviceOverspeed', new Date(start), new Date(start + 60_000));
    expect(stored.map((event) => [event.eventTime, event.attributes])).toEqual([['2026-03-04T10:00:40.000+00:00', { speed: 64, speedLimit: 50 }]]);
    expect(eventsHeard('deviceOverspeed', device.id).map((event) => event.id)).toEqual([stored[0]?.id]);
  }, 20_000);

  it('deviceFuelDrop and deviceFuelIncrease from the fuel attribute, with the device’s thresholds', async () => {
    const device = deviceNumber(2);
    await asAdmin('/api/notifications', { type: 'deviceFuelDrop', always: true, notificators: 'web' });
    await setDeviceAttributes(device, { fuelDropThreshold: 5, fuelIncreaseThreshold: 20 });

    const start = Date.parse('2026-03-04T10:00:00Z');
    const levels = [50, 48, 42, 70, 69];
    for (const [index, fuel] of levels.entries()) await report(device, new Date(start + index * 60_000), { fuel: String(fuel) });

    const stored = await storedEvents(device, 'allEvents', new Date(start), new Date(start + 10 * 60_000));
    expect(stored.filter((event) => event.type.startsWith('deviceFuel')).map((event) => [event.type, event.eventTime.slice(11, 16)])).toEqual([
      ['deviceFuelDrop', '10:02'],
      ['deviceFuelIncrease', '10:03'],
    ]);
    // Only the drop has a web notification.
    expect(eventsHeard('deviceFuelDrop', device.id)).toHaveLength(1);
    expect(eventsHeard('deviceFuelIncrease', device.id)).toEqual([]);
  }, 20_000);

  it('deviceInactive once deviceInactivityStart (ms) has passed since the last report, then every deviceInactivityPeriod', async () => {
    const device = deviceNumber(3);
    await asAdmin('/api/notifications', { type: 'deviceInactive', always: true, notificators: 'web' });
    await setDeviceAttributes(device, { deviceInactivityStart: 300, deviceInactivityPeriod: 300 });
    const reportedAt = Date.now();
    await report(device, new Date());
    try {
      const inactive = () => eventsHeard('deviceInactive', device.id);
      await readUntil(socket, seen, () => (inactive().length >= 2 ? true : undefined), 3000);
      const [first, second] = inactive();
      expect(first).toMatchObject({ positionId: 0, attributes: { lastUpdate: expect.any(Number), message: expect.stringContaining('has been inactive since') } });
      expect(Date.parse(first?.eventTime ?? '')).toBeGreaterThanOrEqual(reportedAt + 300);
      expect(Date.parse(second?.eventTime ?? '') - Date.parse(first?.eventTime ?? '')).toBeGreaterThanOrEqual(200);
    } finally {
      await setDeviceAttributes(device, {});
    }
  }, 20_000);
});
