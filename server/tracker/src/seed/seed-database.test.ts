import { SIMPLE_ENTITY_KINDS } from '../entities/entity-kinds';
import { parseGeofenceArea } from '../geofences/geofence-area';
import { startTracker, type RunningTracker } from '../index';
import { getJson, login } from '../test-support/tracker-client';
import { demoAccount, managedAccounts, managerAccount, readonlyAccount } from './demo-accounts';

type Json = Record<string, unknown> & { id: number; attributes?: Record<string, unknown> };

describe('the demo seed, as the API shows it', () => {
  let tracker: RunningTracker;
  let admin: string;
  const get = <T = Json[]>(path: string, cookie = admin) => getJson<T>(`${tracker.url}${path}`, { cookie });

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { devices: 30, intervalMs: 600_000, seed: 1 } });
    admin = await login(tracker.url, demoAccount.email, demoAccount.password);
  }, 30_000);

  afterAll(() => tracker?.close());

  it('gives the administrator a circle, a polygon, a line and an anchor geofence, all valid WKT', async () => {
    const geofences = await get('/api/geofences');
    expect(geofences.map((geofence) => String(geofence.area).split(' ')[0]).sort()).toEqual(['CIRCLE', 'CIRCLE', 'LINESTRING', 'POLYGON']);
    for (const geofence of geofences) expect(parseGeofenceArea(String(geofence.area), geofence.attributes)).not.toBeInstanceOf(Error);

    const anchor = geofences.find((geofence) => geofence.attributes?.isAnchor === true);
    expect(anchor?.area).toMatch(/, 150\)$/);
    const anchoredDeviceId = anchor?.attributes?.deviceId as number;
    expect(await get(`/api/geofences?deviceId=${anchoredDeviceId}`)).toEqual([anchor]);
  });

  it('has drivers, a base64 iCalendar, maintenance by distance and engine hours, commands and a computed attribute', async () => {
    const drivers = await get('/api/drivers');
    expect(drivers.length).toBeGreaterThanOrEqual(2);
    expect(new Set(drivers.map((driver) => driver.uniqueId)).size).toBe(drivers.length);

    const [calendar] = await get('/api/calendars');
    const ical = Buffer.from(String(calendar?.data), 'base64').toString('utf8');
    expect(ical).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR[\s\S]*END:VCALENDAR\r\n$/);

    const maintenance = await get('/api/maintenance');
    expect(maintenance).toHaveLength(2);
    expect(maintenance).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'totalDistance', period: 10_000_000 }), expect.objectContaining({ type: 'hours', period: 500 * 3_600_000 })]),
    );
    expect((await get('/api/commands')).map((command) => command.type).sort()).toEqual(['custom', 'engineResume', 'engineStop']);
    expect(await get('/api/attributes/computed')).toEqual([expect.objectContaining({ attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' })]);
  });

  it('notifies the administrator on the web channel, always, including SOS and power-cut alarms', async () => {
    const notifications = await get('/api/notifications');
    expect(notifications.map((notification) => notification.type)).toEqual(
      expect.arrayContaining(['alarm', 'geofenceEnter', 'geofenceExit', 'deviceOverspeed', 'deviceOffline', 'commandResult']),
    );
    for (const notification of notifications) expect(notification).toMatchObject({ always: true, notificators: 'web' });
    expect(notifications.find((notification) => notification.type === 'alarm')?.attributes).toEqual({ alarms: 'sos,powerCut,overspeed' });
  });

  it('links geofences to the groups they apply to', async () => {
    // By name, as Traccar lists geofences. Seed order: "Frota São Paulo" = 1, "Entregas" = 2, "Diretoria" = 3.
    const deliveries = await get(`/api/geofences?groupId=2`);
    expect(deliveries.map((geofence) => geofence.name)).toEqual(['Avenida Paulista', 'Depósito Vila Leopoldina']);
  });

  it('has a read-only account that sees the board cars', async () => {
    const cookie = await login(tracker.url, readonlyAccount.email, readonlyAccount.password);
    expect(await get<Json>('/api/session', cookie)).toMatchObject({ readonly: true, administrator: false });
    expect((await get('/api/devices', cookie)).length).toBeGreaterThan(0);
  });

  it('has a manager with room for five users who manages two, each with their own vehicles', async () => {
    const cookie = await login(tracker.url, managerAccount.email, managerAccount.password);
    expect(await get<Json>('/api/session', cookie)).toMatchObject({ userLimit: 5, administrator: false });
    const managed = await get('/api/users', cookie);
    expect(managed.map((user) => user.email)).toEqual(expect.arrayContaining(managedAccounts.map((account) => account.email)));

    for (const account of managedAccounts) {
      const own = await login(tracker.url, account.email, account.password);
      expect(await get('/api/devices', own)).toHaveLength(2);
    }
  });

  it('links the administrator to everything it created, so its plain lists equal all=true', async () => {
    const paths = ['/api/devices', ...SIMPLE_ENTITY_KINDS.map((kind) => kind.path)];
    for (const path of paths) {
      const all = (await get(`${path}?all=true`)).map((entity) => entity.id);
      expect(all.length).toBeGreaterThan(0);
      expect({ path, ids: (await get(path)).map((entity) => entity.id) }).toEqual({ path, ids: all });
    }
    expect(await get('/api/groups')).toHaveLength(3);
  });

  it('schedules a daily summary of the São Paulo fleet over the business-hours calendar', async () => {
    const [calendar] = await get('/api/calendars');
    expect(await get('/api/reports')).toEqual([expect.objectContaining({ type: 'summary', calendarId: calendar?.id })]);
  });
});
