import { demoAccount, startTracker, type RunningTracker } from '../index';
import { managedAccounts, managerAccount, readonlyAccount } from '../seed/demo-accounts';
import { FORM, getJson, login, loginRequest, sessionCookieOf } from '../test-support/tracker-client';

interface DeviceJson {
  id: number;
  name: string;
  uniqueId: string;
  status: string;
  groupId: number;
  category: string;
  positionId: number;
  lastUpdate: string | null;
}
interface PositionJson {
  id: number;
  deviceId: number;
  fixTime: string;
  speed: number;
  latitude: number;
  longitude: number;
  protocol: string;
  attributes: Record<string, unknown>;
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const JAKARTA_401 = 'jakarta.ws.rs.WebApplicationException: HTTP 401 Unauthorized';
// Seed order: "Frota São Paulo" = 1, "Entregas" = 2, "Diretoria" = 3.
const DELIVERIES_GROUP_ID = 2;

describe('the tracker HTTP API, as Traccar answers it', () => {
  let tracker: RunningTracker;
  let adminCookie: string;
  const url = (path: string) => `${tracker.url}${path}`;
  const asAdmin = () => ({ cookie: adminCookie });

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { intervalMs: 100, devices: 20, seed: 1 } });
    adminCookie = await login(tracker.url, demoAccount.email, demoAccount.password);
  }, 30_000);

  afterAll(() => tracker?.close());

  describe('session', () => {
    it('logs in with the email (any case), returns the user and sets an HttpOnly JSESSIONID cookie', async () => {
      const response = await fetch(url('/api/session'), loginRequest('Admin@Rastro.Demo', 'admin'));
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ email: 'admin@rastro.demo', login: 'admin', name: 'Administrador', administrator: true });
      expect(text).not.toMatch(/password/i);
      const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('JSESSIONID='));
      expect(setCookie).toMatch(/^JSESSIONID=[^;]+; Path=\/; HttpOnly$/);
    });

    it('logs in with the login too', async () => {
      const response = await fetch(url('/api/session'), loginRequest('user', 'user'));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ email: 'user@rastro.demo', administrator: false });
    });

    it('refuses a wrong password with 401 and the jakarta text', async () => {
      const response = await fetch(url('/api/session'), loginRequest(demoAccount.email, 'wrong'));
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect((await response.text()).split('\n')[0]).toBe(JAKARTA_401);
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('refuses an unknown user the same way', async () => {
      const response = await fetch(url('/api/session'), loginRequest('nobody@rastro.demo', 'admin'));
      expect(response.status).toBe(401);
    });

    it('GET /api/session is 404 without a session and the user with one', async () => {
      expect((await fetch(url('/api/session'))).status).toBe(404);
      expect((await fetch(url('/api/session'), { headers: { cookie: 'JSESSIONID=forged' } })).status).toBe(404);
      const response = await fetch(url('/api/session'), { headers: asAdmin() });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ email: demoAccount.email });
    });

    it('DELETE /api/session answers 204 and ends the session', async () => {
      const cookie = await login(tracker.url, demoAccount.login, demoAccount.password);
      expect((await fetch(url('/api/session'), { headers: { cookie } })).status).toBe(200);
      const logout = await fetch(url('/api/session'), { method: 'DELETE', headers: { cookie } });
      expect(logout.status).toBe(204);
      expect((await fetch(url('/api/session'), { headers: { cookie } })).status).toBe(404);
      expect((await fetch(url('/api/devices'), { headers: { cookie } })).status).toBe(401);
    });

    it('logs in as another user (POST /api/session/{id}): an administrator as anybody, a manager as its own users only', async () => {
      const users = (await getJson(url('/api/users'), asAdmin())) as Array<{ id: number; email: string }>;
      const idOf = (email: string) => users.find((user) => user.email === email)!.id;
      const managed = idOf(managedAccounts[0]!.email);
      const cookie = await login(tracker.url, managerAccount.email, managerAccount.password);
      expect((await fetch(url(`/api/session/${idOf(readonlyAccount.email)}`), { method: 'POST', headers: { cookie } })).status).toBe(400);
      const switched = await fetch(url(`/api/session/${managed}`), { method: 'POST', headers: { cookie } });
      expect(switched.status).toBe(200);
      expect(await switched.json()).toMatchObject({ id: managed });
      const session = sessionCookieOf(switched) as string;
      expect(await getJson(url('/api/session'), { cookie: session })).toMatchObject({ id: managed });
      // The manager's own session is over.
      expect((await fetch(url('/api/session'), { headers: { cookie } })).status).toBe(404);
      const admin = await login(tracker.url, demoAccount.email, demoAccount.password);
      expect((await fetch(url(`/api/session/${idOf(readonlyAccount.email)}`), { method: 'POST', headers: { cookie: admin } })).status).toBe(200);
    });

    it('issues a token that works as a Bearer and as a ?token= login', async () => {
      const expiration = new Date(Date.now() + 3600_000).toISOString();
      const issued = await fetch(url('/api/session/token'), { method: 'POST', headers: { ...FORM, ...asAdmin() }, body: `expiration=${encodeURIComponent(expiration)}` });
      expect(issued.status).toBe(200);
      expect(issued.headers.get('content-type')).toMatch(/^text\/plain/);
      const token = await issued.text();
      expect(token.length).toBeGreaterThan(20);

      const devices = await fetch(url('/api/devices'), { headers: { authorization: `Bearer ${token}` } });
      expect(devices.status).toBe(200);
      expect(await devices.json()).toHaveLength(20);

      const tokenLogin = await fetch(url(`/api/session?token=${encodeURIComponent(token)}`));
      expect(tokenLogin.status).toBe(200);
      expect(await tokenLogin.json()).toMatchObject({ email: demoAccount.email });
      const cookie = sessionCookieOf(tokenLogin);
      expect((await fetch(url('/api/session'), { headers: { cookie } })).status).toBe(200);
    });

    it('GET /api/session ignores the Authorization header, as Traccar does: a Bearer token or Basic password is no session', async () => {
      const issued = await fetch(url('/api/session/token'), { method: 'POST', headers: { ...FORM, ...asAdmin() }, body: '' });
      const token = await issued.text();
      const basic = `Basic ${Buffer.from(`${demoAccount.email}:${demoAccount.password}`).toString('base64')}`;
      for (const authorization of [`Bearer ${token}`, basic]) {
        expect((await fetch(url('/api/devices'), { headers: { authorization } })).status).toBe(200);
        const session = await fetch(url('/api/session'), { headers: { authorization } });
        expect(session.status).toBe(404);
        expect(session.headers.getSetCookie()).toEqual([]);
      }
      // With a session, the header changes nothing: the answer is the session's user.
      expect(await (await fetch(url('/api/session'), { headers: { ...asAdmin(), authorization: 'Bearer nope' } })).json()).toMatchObject({ email: demoAccount.email });
    });

    it('refuses a bad token with 401, and a token request without a session', async () => {
      expect((await fetch(url('/api/session?token=nope'))).status).toBe(401);
      expect((await fetch(url('/api/devices'), { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
      expect((await fetch(url('/api/session/token'), { method: 'POST', headers: FORM, body: '' })).status).toBe(401);
    });

    it('an expired token no longer works', async () => {
      const past = new Date(Date.now() - 1000).toISOString();
      const issued = await fetch(url('/api/session/token'), { method: 'POST', headers: { ...FORM, ...asAdmin() }, body: `expiration=${encodeURIComponent(past)}` });
      const token = await issued.text();
      expect((await fetch(url('/api/devices'), { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    });
  });

  describe('server', () => {
    it('GET /api/server needs no session and centres the map on São Paulo', async () => {
      const server = await getJson<Record<string, unknown>>(url('/api/server'));
      expect(server).toMatchObject({ id: 1, version: '6.14.5', latitude: -23.5505, longitude: -46.6333, readonly: false, attributes: {} });
      for (const key of ['registration', 'deviceReadonly', 'map', 'mapUrl', 'zoom', 'twelveHourFormat', 'forceSettings', 'coordinateFormat', 'limitCommands', 'disableReports']) {
        expect(server).toHaveProperty(key);
      }
    });

    it('answers unknown routes with 404', async () => {
      expect((await fetch(url('/api/nothing-here'), { headers: asAdmin() })).status).toBe(404);
    });
  });

  describe('devices', () => {
    it('is 401 without a session, with the jakarta text', async () => {
      const response = await fetch(url('/api/devices'));
      expect(response.status).toBe(401);
      expect((await response.text()).split('\n')[0]).toBe(JAKARTA_401);
    });

    it('the administrator sees the devices linked to him, with Traccar device fields', async () => {
      const devices = await getJson<DeviceJson[]>(url('/api/devices'), asAdmin());
      expect(devices).toHaveLength(20);
      const names = devices.map((device) => device.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'variant' }) || 0));
      for (const device of devices) {
        expect(Object.keys(device).sort()).toEqual(
          ['attributes', 'calendarId', 'category', 'contact', 'disabled', 'expirationTime', 'groupId', 'id', 'lastUpdate', 'model', 'name', 'phone', 'positionId', 'status', 'uniqueId'].sort(),
        );
        expect(device.uniqueId).toMatch(/^\d{15}$/);
        expect(['online', 'offline']).toContain(device.status);
        expect(device.lastUpdate).toMatch(ISO_WITH_OFFSET);
      }
      expect(devices.filter((device) => device.status === 'online').length).toBeGreaterThanOrEqual(15);
      expect(devices.some((device) => device.status === 'offline')).toBe(true);
    });

    it('filters by repeated id and uniqueId', async () => {
      const all = await getJson<DeviceJson[]>(url('/api/devices'), asAdmin());
      const [a, b, c] = all as [DeviceJson, DeviceJson, DeviceJson];
      const some = await getJson<DeviceJson[]>(url(`/api/devices?id=${a.id}&id=${b.id}&uniqueId=${c.uniqueId}`), asAdmin());
      expect(some.map((device) => device.id).sort()).toEqual([a.id, b.id, c.id].sort());
    });

    it('a regular user sees only his devices: the "Entregas" group and a few cars', async () => {
      const userCookie = await login(tracker.url, 'user@rastro.demo', 'user');
      const admins = await getJson<DeviceJson[]>(url('/api/devices'), asAdmin());
      const own = await getJson<DeviceJson[]>(url('/api/devices'), { cookie: userCookie });
      expect(own.length).toBeGreaterThan(0);
      expect(own.length).toBeLessThan(admins.length);
      const deliveries = admins.filter((device) => device.groupId === DELIVERIES_GROUP_ID).map((device) => device.id);
      expect(own.map((device) => device.id)).toEqual(expect.arrayContaining(deliveries));
      for (const device of own) expect(device.groupId === DELIVERIES_GROUP_ID || device.category === 'car').toBe(true);

      // `all=true` gives a non-admin nothing more; another user's devices are refused.
      expect(await getJson<DeviceJson[]>(url('/api/devices?all=true'), { cookie: userCookie })).toHaveLength(own.length);
      expect((await fetch(url('/api/devices?userId=1'), { headers: { cookie: userCookie } })).status).toBe(400);
      // A device outside his reach is not answered by id, and its positions are refused.
      const foreign = admins.find((device) => !own.some((mine) => mine.id === device.id)) as DeviceJson;
      expect(await getJson<DeviceJson[]>(url(`/api/devices?id=${foreign.id}`), { cookie: userCookie })).toEqual([]);
      expect((await fetch(url(`/api/positions?deviceId=${foreign.id}`), { headers: { cookie: userCookie } })).status).toBe(400);
      const latest = await getJson<PositionJson[]>(url('/api/positions'), { cookie: userCookie });
      expect(latest.map((position) => position.deviceId).sort()).toEqual(own.map((device) => device.id).sort());
    });

    it('all=true and userId work for the administrator', async () => {
      expect(await getJson<DeviceJson[]>(url('/api/devices?all=true'), asAdmin())).toHaveLength(20);
      const userDirect = await getJson<DeviceJson[]>(url('/api/devices?userId=2'), asAdmin());
      expect(userDirect.length).toBeGreaterThan(0);
      for (const device of userDirect) expect(device.category).toBe('car');
    });
  });

  describe('positions', () => {
    it('without parameters: the latest position of every visible device', async () => {
      const positions = await getJson<PositionJson[]>(url('/api/positions'), asAdmin());
      expect(positions).toHaveLength(20);
      expect(new Set(positions.map((position) => position.deviceId)).size).toBe(20);
      for (const position of positions) {
        expect(position.protocol).toBe('osmand');
        expect(position.fixTime).toMatch(ISO_WITH_OFFSET);
        expect(Math.abs(position.latitude - -23.5505)).toBeLessThan(0.2);
        expect(Math.abs(position.longitude - -46.6333)).toBeLessThan(0.2);
        expect(position.attributes).toEqual(
          expect.objectContaining({ ignition: expect.any(Boolean), motion: expect.any(Boolean), totalDistance: expect.any(Number), hours: expect.any(Number) }),
        );
      }
      expect((await fetch(url('/api/positions'))).status).toBe(401);
    });

    it('repeated id: those positions', async () => {
      const latest = await getJson<PositionJson[]>(url('/api/positions'), asAdmin());
      const ids = latest.slice(0, 3).map((position) => position.id);
      const some = await getJson<PositionJson[]>(url(`/api/positions?${ids.map((id) => `id=${id}`).join('&')}`), asAdmin());
      expect(some.map((position) => position.id).sort()).toEqual([...ids].sort());
    });

    it('deviceId with from/to: the history ordered by fix time', async () => {
      const devices = await getJson<DeviceJson[]>(url('/api/devices'), asAdmin());
      const moving = devices.find((device) => device.status === 'online') as DeviceJson;
      const from = new Date(Date.now() - 60_000).toISOString();
      await new Promise((resolve) => setTimeout(resolve, 600));
      const to = new Date(Date.now() + 60_000).toISOString();
      const history = await getJson<PositionJson[]>(url(`/api/positions?deviceId=${moving.id}&from=${from}&to=${to}`), asAdmin());
      expect(history.length).toBeGreaterThanOrEqual(1);
      expect(history.every((position) => position.deviceId === moving.id)).toBe(true);
      const times = history.map((position) => Date.parse(position.fixTime));
      expect(times).toEqual([...times].sort((a, b) => a - b));

      const empty = await getJson<PositionJson[]>(url(`/api/positions?deviceId=${moving.id}&from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z`), asAdmin());
      expect(empty).toEqual([]);
      const noZone = await fetch(url(`/api/positions?deviceId=${moving.id}&from=2000-01-01T00:00:00&to=2000-01-02T00:00:00`), { headers: asAdmin() });
      expect(noZone.status).toBe(400);
    });
  });
});
