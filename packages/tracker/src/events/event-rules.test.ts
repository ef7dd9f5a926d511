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
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { enabled: false, devices: 8, seed: 1 } });
    admin = await login(tracker.url, 'admin', 'admin');
    devices = await getJson<Device[]>(`${tracker.url}/api/devices`, { cookie: admin });
    socket = await openSocket(`${tracker.url.replace('http', 'ws')}/api/socket`, { cookie: admin });
  }, 30_000);

  afterAll(async () => {
    socket?.socket.close();
    await tracker?.close();
  });

  const asAdmin = <T>(path: string, body: unknown) => postJson<T>(tracker.url, path, admin, body);
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
    const query = new URLSearchParams({ id: device.uniqueId, lat: '-23.5503', lon: '-46.6339', timestamp: String(time.getTime() / 1000), ...parameters });
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

    // An ignition cycle a minute, in the morning, until the notification has been read (within a second).
    const day = Date.parse('2026-03-02T00:00:00Z');
    let minute = 8 * 60;
    const cycle = async (at: number) => {
      await report(device, new Date(day + at * 60_000), { ignition: 'false' });
      await report(device, new Date(day + at * 60_000 + 30_000), { ignition: 'true' });
      await report(device, new Date(day + at * 60_000 + 45_000), { ignition: 'true' });
    };
    for (; eventsHeard('ignitionOn', device.id).length === 0 && minute < 8 * 60 + 40; minute++) await cycle(minute);
    expect(eventsHeard('ignitionOn', device.id)).toHaveLength(1);

    await cycle(15 * 60); // in the afternoon: stored, not delivered
    await cycle(24 * 60 + 9 * 60); // the next morning: delivered
    const heard = eventsHeard('ignitionOn', device.id).map((event) => event.eventTime.slice(0, 16));
    expect(heard.slice(1)).toEqual(['2026-03-03T09:00']);
    const stored = await storedEvents(device, 'ignitionOn', new Date(day), new Date(day + 2 * 86_400_000));
    expect(stored.map((event) => event.eventTime.slice(0, 16))).toEqual(expect.arrayContaining(['2026-03-02T15:00', '2026-03-03T09:00']));
  }, 20_000);
});
