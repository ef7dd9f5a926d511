import { QR_ACCESS_ATTRIBUTE, type AuditPage, type Device, type QrDriverState, type QrDriverView, type User } from '@rastro/shared/contract';
import { SESSION_ENDED } from '../proxy/socket-relay';
import { openSocket } from '../test-support/socket-client';
import { eventually, startTrackingFixture, type TrackingFixture } from '../test-support/tracking-fixture';

interface Driver {
  id: number;
  name: string;
  uniqueId: string;
  attributes: Record<string, unknown>;
}

// QR drivers against the real tracker behind the gateway: access given on the driver, check-in and out.
describe('QR drivers', () => {
  let fixture: TrackingFixture;
  let clock = Date.now() - 60 * 60_000;
  const nextTime = () => new Date((clock += 10_000));

  /** How long a minute of the drivers' delays lasts here (the gateway's qrDriverMinuteMs): the timers run for real, in a blink. */
  const MINUTE_MS = 150;

  beforeAll(async () => {
    fixture = await startTrackingFixture({ qrDriverMinuteMs: MINUTE_MS });
  }, 30_000);

  afterAll(async () => fixture?.close());

  const access = (username: string, settings: Record<string, unknown> = {}) => ({ username, password: 'drive-safe', ...settings });

  async function driverWithAccess(uniqueId: string, settings: Record<string, unknown>): Promise<Driver> {
    const saved = await fixture.admin.call<Driver>('POST', '/api/drivers', { name: `Driver ${uniqueId}`, uniqueId, attributes: { [QR_ACCESS_ATTRIBUTE]: settings } });
    expect(saved.status).toBe(200);
    return saved.body;
  }

  async function device(uniqueId: string): Promise<number> {
    const created = await fixture.admin.call<Device>('POST', '/api/devices', { name: uniqueId, uniqueId });
    expect(created.status).toBe(200);
    return created.body.id;
  }

  const deviceLogs = async (deviceId: number, action: string) => (await fixture.admin.call<AuditPage>('GET', `/rastro/devices/${deviceId}/logs?action=${action}`)).body.items;
  const driversOf = async (deviceId: number) => (await fixture.admin.call<Driver[]>('GET', `/api/drivers?deviceId=${deviceId}`)).body.map((driver) => driver.id);

  it('a driver saved with QR access gets a read-only login of its own; the password stays off the driver', async () => {
    const driver = await driverWithAccess('qr-100', access('joao.qr'));
    expect(driver.attributes[QR_ACCESS_ATTRIBUTE]).not.toHaveProperty('password');
    const stored = await fixture.admin.call<Driver>('GET', `/api/drivers/${driver.id}`);
    expect(stored.body.attributes[QR_ACCESS_ATTRIBUTE]).toMatchObject({ username: 'joao.qr', unlockDevice: false });
    expect(JSON.stringify(stored.body)).not.toContain('drive-safe');

    const joao = await fixture.signIn('joao.qr', 'drive-safe');
    const session = await joao.call<User>('GET', '/api/session');
    expect(session.body).toMatchObject({ readonly: true, attributes: { 'rastro.isQrDriverId': driver.id } });
    // A QR driver only checks in and out: the /api policy refuses its writes.
    expect((await joao.call('POST', '/api/devices', { name: 'x', uniqueId: 'qr-x' })).status).toBe(403);
  });

  it('a new password given later replaces the old one; leaving it out keeps it', async () => {
    const driver = await driverWithAccess('qr-101', access('maria.qr'));
    const renamed = await fixture.admin.call('PUT', `/api/drivers/${driver.id}`, { ...driver, name: 'Maria', attributes: { [QR_ACCESS_ATTRIBUTE]: { username: 'maria.qr' } } });
    expect(renamed.status).toBe(200);
    await fixture.signIn('maria.qr', 'drive-safe');
    await fixture.admin.call('PUT', `/api/drivers/${driver.id}`, { ...driver, attributes: { [QR_ACCESS_ATTRIBUTE]: { username: 'maria.qr', password: 'new-secret' } } });
    await expect(fixture.signIn('maria.qr', 'drive-safe')).rejects.toThrow();
    await fixture.signIn('maria.qr', 'new-secret');
  });

  it('refuses bad QR settings and a username someone else signs in with, storing no driver', async () => {
    const short = await fixture.admin.call('POST', '/api/drivers', { name: 'Bad', uniqueId: 'qr-bad', attributes: { [QR_ACCESS_ATTRIBUTE]: { username: 'ab', password: 'x' } } });
    expect(short).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    expect((short.body as { fields: string[] }).fields).toEqual(expect.arrayContaining([`attributes.${QR_ACCESS_ATTRIBUTE}.username`, `attributes.${QR_ACCESS_ATTRIBUTE}.password`]));
    const taken = await fixture.admin.call('POST', '/api/drivers', { name: 'Taken', uniqueId: 'qr-taken', attributes: { [QR_ACCESS_ATTRIBUTE]: access('admin@rastro.demo') } });
    expect(taken).toMatchObject({ status: 400, body: { code: 'QR_USERNAME_TAKEN' } });
    const drivers = (await fixture.admin.call<Driver[]>('GET', '/api/drivers?all=true')).body.map((driver) => driver.uniqueId);
    expect(drivers).not.toEqual(expect.arrayContaining(['qr-bad']));
    expect(drivers).not.toContain('qr-taken');
  });

  it('checks in (linking driver and device, unlocking it), checks out, and locks the device left without a driver after lockDelayMinutes', async () => {
    const driver = await driverWithAccess('qr-102', access('pedro.qr', { unlockDevice: true, lockWithoutDriver: true, lockDelayMinutes: 2 }));
    const van = await device('qr-van-1');
    const pedro = await fixture.signIn('pedro.qr', 'drive-safe');

    const checkedIn = await pedro.call<QrDriverState>('POST', '/rastro/qr-driver', { id: van });
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body.deviceId).toBe(van);
    expect(Date.parse(checkedIn.body.checkedInAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await driversOf(van)).toContain(driver.id);
    expect((await pedro.call<User>('GET', '/api/session')).body.attributes['rastro.isQrDeviceId']).toBe(van);
    const [checkIn] = await deviceLogs(van, 'qrCheckIn');
    expect(checkIn).toMatchObject({ userId: (await pedro.call<User>('GET', '/api/session')).body.id, changes: { driverId: driver.id, unlock: { delivery: 'queued' } } });

    const checkingOut = Date.now();
    const checkedOut = await pedro.call<QrDriverState>('POST', '/rastro/qr-driver', { id: 0 });
    expect(checkedOut).toMatchObject({ status: 200, body: { deviceId: 0, checkedInAt: null } });
    expect(await driversOf(van)).not.toContain(driver.id);
    const [stop] = await eventually(() => deviceLogs(van, 'engineStop'), (entries) => entries.length > 0);
    // Not before the delay (audit times are whole seconds: the test's own clock tells).
    expect(Date.now() - checkingOut).toBeGreaterThanOrEqual(2 * MINUTE_MS);
    // The tracker's answer to the job's engineStop: queued for the device (it has no live connection).
    expect(stop?.changes).toMatchObject({ by: 'automation', rule: 'lockWithoutDriver', delivery: 'queued' });
  });

  it('refuses a device the driver’s owner does not reach, and anyone who is not a QR driver', async () => {
    await driverWithAccess('qr-103', access('ana.qr'));
    const ana = await fixture.signIn('ana.qr', 'drive-safe');
    expect(await ana.call('POST', '/rastro/qr-driver', { id: 987_654 })).toMatchObject({ status: 404, body: { code: 'DEVICE_NOT_FOUND' } });
    expect(await fixture.admin.call('POST', '/rastro/qr-driver', { id: 0 })).toMatchObject({ status: 403, body: { code: 'WRITE_ACCESS_DENIED' } });
    expect(await fixture.admin.call('GET', '/rastro/qr-driver')).toMatchObject({ status: 403, body: { code: 'WRITE_ACCESS_DENIED' } });
    expect(await ana.call('GET', '/rastro/qr-driver')).toMatchObject({ status: 200, body: { deviceId: 0, device: null, logoutAt: null, lockDelayMinutes: null } });
    expect(await ana.call('POST', '/rastro/qr-driver', { id: -1 })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', fields: ['id'] } });
  });

  it('logs the driver out when the ignition goes off, with logoutOnIgnitionOff: checked out, and its sessions on the tracking server ended', async () => {
    await driverWithAccess('qr-104', access('bia.qr', { logoutOnIgnitionOff: true }));
    const car = await device('qr-car-1');
    const bia = await fixture.signIn('bia.qr', 'drive-safe');
    // A second phone of the same driver, on the driver screen too, with the live socket open.
    const biaPhone = await fixture.signIn('bia.qr', 'drive-safe');
    expect((await biaPhone.call<QrDriverState>('POST', '/rastro/qr-driver', { id: 0 })).status).toBe(200);
    const live = await openSocket(`${fixture.gateway.url.replace('http', 'ws')}/api/socket`, { cookie: biaPhone.cookie });
    await fixture.report('qr-car-1', -23.55, -46.63, nextTime(), { ignition: 'true' });
    expect((await bia.call<QrDriverState>('POST', '/rastro/qr-driver', { id: car })).body.deviceId).toBe(car);
    await eventually(
      async () => {
        await fixture.report('qr-car-1', -23.55, -46.63, nextTime(), { ignition: 'true' });
        await fixture.report('qr-car-1', -23.55, -46.63, nextTime(), { ignition: 'false' });
        return deviceLogs(car, 'qrCheckOut');
      },
      (entries) => entries.length > 0,
    ).then(([entry]) => expect(entry?.changes).toMatchObject({ reason: 'ignitionOff' }));
    const user = (await fixture.admin.call<User[]>('GET', '/api/users')).body.find((candidate) => candidate.login === 'bia.qr');
    expect(user?.attributes['rastro.isQrDeviceId']).toBeUndefined();
    const [checkOut] = await deviceLogs(car, 'qrCheckOut');
    expect(checkOut?.changes).toMatchObject({ sessionsEnded: 2 });
    // Asked straight at the tracking server, not through the gateway's cache: both sessions are gone.
    for (const session of [bia, biaPhone]) {
      const check = await fetch(`${fixture.tracker.url}/api/session`, { headers: { cookie: session.cookie, accept: 'application/json' } });
      expect(check.status).toBe(404);
    }
    expect((await bia.call('POST', '/rastro/qr-driver', { id: car })).status).toBe(401);
    expect(await live.closed).toBe(SESSION_ENDED);
  });

  it('logs the driver out after logoutDelayMinutes (checked out, its session ended), then locks the device it left after lockDelayMinutes', async () => {
    const driver = await driverWithAccess('qr-106', access('rui.qr', { lockWithoutDriver: true, lockDelayMinutes: 1, logoutDelayMinutes: 2 }));
    const bus = await device('qr-bus-1');
    const rui = await fixture.signIn('rui.qr', 'drive-safe');
    const checkingIn = Date.now();
    const { checkedInAt } = (await rui.call<QrDriverState>('POST', '/rastro/qr-driver', { id: bus })).body;
    // The driver screen's view: the vehicle (which the driver's own account does not reach) and the timers.
    const view = await rui.call<QrDriverView>('GET', '/rastro/qr-driver');
    expect(view).toMatchObject({ status: 200, body: { deviceId: bus, device: { id: bus, name: 'qr-bus-1', blocked: false }, lockDelayMinutes: 1, logoutOnIgnitionOff: false, checkInEnabled: true } });
    expect(Date.parse(view.body.logoutAt ?? '')).toBe(Date.parse(checkedInAt ?? '') + 2 * MINUTE_MS);

    const [checkOut] = await eventually(() => deviceLogs(bus, 'qrCheckOut'), (entries) => entries.length > 0);
    // Not before the delay (audit times are whole seconds: the test's own clock tells).
    expect(Date.now() - checkingIn).toBeGreaterThanOrEqual(2 * MINUTE_MS);
    expect(checkOut).toMatchObject({ userId: null, changes: { driverId: driver.id, reason: 'logoutDelay', sessionsEnded: 1 } });
    const lockAt = Date.parse((checkOut?.changes as { lockAt: string }).lockAt);
    expect(lockAt).toBeGreaterThanOrEqual(checkingIn + 3 * MINUTE_MS);
    expect(await driversOf(bus)).not.toContain(driver.id);
    // Asked straight at the tracking server: the session the driver screen used is gone.
    expect((await fetch(`${fixture.tracker.url}/api/session`, { headers: { cookie: rui.cookie, accept: 'application/json' } })).status).toBe(404);

    const [stop] = await eventually(() => deviceLogs(bus, 'engineStop'), (entries) => entries.length > 0);
    expect(Date.now()).toBeGreaterThanOrEqual(lockAt);
    expect(stop?.changes).toMatchObject({ by: 'automation', rule: 'lockWithoutDriver', delivery: 'queued' });
  });

  it("with the server's QR check-in switched off, a driver is refused a check-in and told so by the view, yet may still check out", async () => {
    await driverWithAccess('qr-107', access('davi.qr'));
    const [car, other] = [await device('qr-car-7'), await device('qr-car-8')];
    const davi = await fixture.signIn('davi.qr', 'drive-safe');
    expect((await davi.call('POST', '/rastro/qr-driver', { id: car })).status).toBe(200);
    const server = (await fixture.admin.call<{ attributes: Record<string, unknown> }>('GET', '/api/server')).body;
    const switched = async (on: boolean) => expect((await fixture.admin.call('PUT', '/api/server', { ...server, attributes: { ...server.attributes, 'rastro.qrCheckIn': on } })).status).toBe(200);
    await switched(false);
    try {
      expect((await davi.call<QrDriverView>('GET', '/rastro/qr-driver')).body).toMatchObject({ deviceId: car, checkInEnabled: false });
      expect(await davi.call('POST', '/rastro/qr-driver', { id: other })).toMatchObject({ status: 403, body: { code: 'QR_CHECK_IN_DISABLED' } });
      expect(await davi.call<QrDriverState>('POST', '/rastro/qr-driver', { id: 0 })).toMatchObject({ status: 200, body: { deviceId: 0 } });
    } finally {
      await switched(true);
    }
  });

  it('a driver checking out by hand stays signed in', async () => {
    await driverWithAccess('qr-105', access('caio.qr', { logoutOnIgnitionOff: true }));
    const truck = await device('qr-truck-1');
    const caio = await fixture.signIn('caio.qr', 'drive-safe');
    expect((await caio.call<QrDriverState>('POST', '/rastro/qr-driver', { id: truck })).status).toBe(200);
    expect((await caio.call<QrDriverState>('POST', '/rastro/qr-driver', { id: 0 })).status).toBe(200);
    expect((await caio.call<User>('GET', '/api/session')).status).toBe(200);
  });
});
