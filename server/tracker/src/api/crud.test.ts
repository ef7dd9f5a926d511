import { demoAccount, startTracker, type RunningTracker } from '../index';
import { demoUserAccount } from '../seed/demo-accounts';
import { FORM, login, openSocket } from '../test-support/tracker-client';

/** Writes through the API as Traccar answers them: who may create, change, link and delete what. */
describe('tracker writes: entities, users, devices, permissions, server, passwords', () => {
  let tracker: RunningTracker;
  let admin: string;
  let regular: string;
  const resets: Array<{ email: string; token: string }> = [];

  const call = async (cookie: string | null, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${tracker.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    const json: unknown = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null;
    return { status: response.status, text, json: json as Record<string, unknown> & Array<Record<string, unknown>> };
  };

  /** Creates a user as the admin and returns a session cookie for it. */
  // An explicit deviceLimit: a user an administrator creates without one may have no device (Traccar's 0).
  const userWith = async (email: string, fields: Record<string, unknown> = {}) => {
    const created = await call(admin, 'POST', '/api/users', { name: email, email, password: 'secret', deviceLimit: -1, ...fields });
    expect(created.status).toBe(200);
    return { id: created.json.id as number, cookie: await login(tracker.url, email, 'secret') };
  };

  const truck = (uniqueId: string) => ({ name: `Caminhão ${uniqueId}`, uniqueId, category: 'truck', attributes: { plate: 'ABC1D23' } });

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { devices: 6, intervalMs: 200, seed: 3 }, onPasswordReset: (reset) => resets.push(reset) });
    admin = await login(tracker.url, demoAccount.email, demoAccount.password);
    regular = await login(tracker.url, demoUserAccount.email, demoUserAccount.password);
  }, 30_000);

  afterAll(() => tracker?.close());

  describe('simple entities (one generic resource each)', () => {
    const depot = { name: 'Depósito', description: 'Zona Norte', area: 'CIRCLE (-23.5 -46.6, 300)', attributes: { color: '#ff0000' } };

    it('creates a geofence linked to its creator, lists it, updates and deletes it', async () => {
      const created = await call(admin, 'POST', '/api/geofences', depot);
      expect(created.status).toBe(200);
      expect(created.json).toMatchObject({ ...depot, calendarId: 0 });
      const id = created.json.id as number;

      expect((await call(admin, 'GET', '/api/geofences')).json.map((g) => g.id)).toContain(id);
      expect((await call(regular, 'GET', '/api/geofences')).json.map((g) => g.id)).not.toContain(id);

      const updated = await call(admin, 'PUT', `/api/geofences/${id}`, { ...depot, id, name: 'Depósito Norte' });
      expect(updated.json).toMatchObject({ id, name: 'Depósito Norte' });
      expect((await call(admin, 'GET', `/api/geofences/${id}`)).json.name).toBe('Depósito Norte');

      expect((await call(admin, 'DELETE', `/api/geofences/${id}`)).status).toBe(204);
      expect((await call(admin, 'GET', `/api/geofences/${id}`)).status).toBe(404);
    });

    it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
      const before = (await call(admin, 'GET', '/api/geofences')).json.length;
      const missingName = await call(admin, 'POST', '/api/geofences', { ...depot, name: '' });
      expect(missingName.status).toBe(400);
      expect(missingName.text).toMatch(/name/);
      expect((await call(admin, 'POST', '/api/geofences', { ...depot, area: 'SQUARE (1 2)' })).status).toBe(400);
      expect((await call(admin, 'POST', '/api/geofences', { ...depot, calendarId: 'x' })).status).toBe(400);
      expect((await call(admin, 'POST', '/api/calendars', { name: 'Feriados', data: 'bm90IGljYWw=' })).status).toBe(400);
      expect((await call(admin, 'GET', '/api/geofences')).json.length).toBe(before);
    });

    it('a user cannot read, change or delete what it does not reach', async () => {
      const { json } = await call(admin, 'POST', '/api/drivers', { name: 'Ana', uniqueId: 'drv-ana' });
      const id = json.id as number;
      expect((await call(regular, 'GET', `/api/drivers/${id}`)).status).toBe(400);
      const put = await call(regular, 'PUT', `/api/drivers/${id}`, { name: 'Hacked', uniqueId: 'drv-ana' });
      expect(put.status).toBe(400);
      expect(put.text).toBe('Driver access denied');
      expect((await call(regular, 'DELETE', `/api/drivers/${id}`)).status).toBe(400);
      expect((await call(admin, 'GET', `/api/drivers/${id}`)).json.name).toBe('Ana');
    });

    it('a read-only account cannot create anything, nor link: Traccar\'s "Write access denied" and "Operation restricted"', async () => {
      const readonly = await userWith('ro@test.local', { readonly: true });
      const refused = await call(readonly.cookie, 'POST', '/api/groups', { name: 'Nope' });
      expect([refused.status, refused.text]).toEqual([400, 'Write access denied']);
      const link = await call(readonly.cookie, 'POST', '/api/permissions', { userId: readonly.id, groupId: 1 });
      expect([link.status, link.text]).toEqual([400, 'Operation restricted']);
    });

    it('serves every declared kind at its Traccar path', async () => {
      const samples: Array<[string, Record<string, unknown>]> = [
        ['/api/groups', { name: 'Norte' }],
        ['/api/notifications', { type: 'alarm', notificators: 'web', always: true, attributes: { alarms: 'sos' } }],
        ['/api/calendars', { name: 'Expediente', data: Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n').toString('base64') }],
        ['/api/maintenance', { name: 'Troca de óleo', type: 'totalDistance', start: 0, period: 10_000_000 }],
        ['/api/commands', { description: 'Bloquear', type: 'engineStop', textChannel: false }],
        ['/api/attributes/computed', { description: 'Velocidade km/h', attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' }],
      ];
      for (const [path, body] of samples) {
        const created = await call(admin, 'POST', path, body);
        expect([path, created.status]).toEqual([path, 200]);
        expect(created.json).toMatchObject(body);
        expect((await call(admin, 'GET', path)).json.map((entity) => entity.id)).toContain(created.json.id);
      }
    });
  });

  describe('permissions', () => {
    it('links a geofence to a device, filters by deviceId, and unlinks it', async () => {
      const [device] = (await call(admin, 'GET', '/api/devices')).json;
      const { json: geofence } = await call(admin, 'POST', '/api/geofences', { name: 'Base', area: 'CIRCLE (-23.5 -46.6, 100)' });
      const link = { deviceId: device?.id, geofenceId: geofence.id };
      expect((await call(admin, 'POST', '/api/permissions', link)).status).toBe(204);
      const linkedIds = async () => (await call(admin, 'GET', `/api/geofences?deviceId=${device?.id}`)).json.map((g) => g.id);
      expect(await linkedIds()).toContain(geofence.id);
      expect((await call(admin, 'DELETE', '/api/permissions', link)).status).toBe(204);
      expect(await linkedIds()).not.toContain(geofence.id);
    });

    it('lists the links between two kinds, 0 meaning any side, and only those the caller reaches', async () => {
      const devices = (await call(admin, 'GET', '/api/devices')).json;
      const { json: attribute } = await call(admin, 'POST', '/api/attributes/computed', { description: 'Km/h', attribute: 'kmh', expression: 'speed * 1.852', type: 'number' });
      for (const device of devices.slice(0, 2)) expect((await call(admin, 'POST', '/api/permissions', { deviceId: device.id, attributeId: attribute.id })).status).toBe(204);
      const listed = await call(admin, 'GET', `/api/permissions?deviceId=0&attributeId=${attribute.id}`);
      expect(listed.json).toEqual(devices.slice(0, 2).map((device) => ({ deviceId: device.id, attributeId: attribute.id })));
      expect((await call(admin, 'GET', `/api/permissions?attributeId=${attribute.id}&deviceId=0`)).json).toEqual(listed.json);
      expect((await call(admin, 'GET', '/api/permissions?deviceId=0&attributeId=0')).status).toBe(400);
      expect((await call(admin, 'GET', '/api/permissions?deviceId=1')).status).toBe(400);
      // The demo user does not reach the administrator's attribute.
      expect((await call(regular, 'GET', `/api/permissions?deviceId=0&attributeId=${attribute.id}`)).text).toBe('Attribute access denied');
    });

    it('a device linked to a connected user starts reaching that user\'s socket at once', async () => {
      const me = (await call(regular, 'GET', '/api/session')).json;
      const { json: device } = await call(admin, 'POST', '/api/devices', { name: 'Van nova', uniqueId: '770001' });
      const socket = await openSocket(`${tracker.url.replace('http', 'ws')}/api/socket`, { cookie: regular });
      await socket.next(); // the initial positions
      expect((await call(admin, 'POST', '/api/permissions', { userId: me.id, deviceId: device.id })).status).toBe(204);
      expect((await fetch(`${tracker.osmandUrl}/?id=770001&lat=-23.55&lon=-46.63`)).status).toBe(200);
      let message: { positions?: Array<{ deviceId: number }> } = {};
      while (!message.positions?.some((position) => position.deviceId === device.id)) message = await socket.next();
      socket.socket.close();
    });

    describe('bulk (Traccar 6: POST|DELETE /api/permissions/bulk)', () => {
      const geofences = async (cookie: string, names: string[]) => {
        const made: number[] = [];
        for (const name of names) made.push((await call(cookie, 'POST', '/api/geofences', { name, area: 'CIRCLE (-23.5 -46.6, 100)' })).json.id as number);
        return made;
      };

      it('links and unlinks every item of the array', async () => {
        const [device] = (await call(admin, 'GET', '/api/devices')).json;
        const ids = await geofences(admin, ['Lote A', 'Lote B', 'Lote C']);
        const links = ids.map((geofenceId) => ({ deviceId: device?.id, geofenceId }));
        const linked = async () => (await call(admin, 'GET', `/api/geofences?deviceId=${device?.id}`)).json.map((g) => g.id as number).filter((id) => ids.includes(id));
        expect((await call(admin, 'POST', '/api/permissions/bulk', links)).status).toBe(204);
        expect(await linked()).toEqual(ids);
        expect((await call(admin, 'DELETE', '/api/permissions/bulk', links.slice(0, 2))).status).toBe(204);
        expect(await linked()).toEqual(ids.slice(2));
        expect((await call(admin, 'POST', '/api/permissions/bulk', [])).status).toBe(204);
      });

      it('refuses a body that is no array, and items naming different keys before storing any', async () => {
        const [device] = (await call(admin, 'GET', '/api/devices')).json;
        const [geofenceId] = await geofences(admin, ['Lote misto']);
        expect((await call(admin, 'POST', '/api/permissions/bulk', { deviceId: device?.id, geofenceId })).status).toBe(400);
        const mixed = await call(admin, 'POST', '/api/permissions/bulk', [{ deviceId: device?.id, geofenceId }, { userId: 1, deviceId: device?.id }]);
        expect(mixed.status).toBe(400);
        expect((await call(admin, 'GET', `/api/geofences?deviceId=${device?.id}`)).json.map((g) => g.id)).not.toContain(geofenceId);
      });

      it('checks each item in turn and, as Traccar, keeps those stored before a refused one', async () => {
        const [mine] = await geofences(regular, ['Minha']);
        const [theirs] = await geofences(admin, ['Do admin']);
        const [device] = (await call(regular, 'GET', '/api/devices')).json;
        const refused = await call(regular, 'POST', '/api/permissions/bulk', [
          { deviceId: device?.id, geofenceId: mine },
          { deviceId: device?.id, geofenceId: theirs },
        ]);
        expect([refused.status, refused.text]).toEqual([400, 'Geofence access denied']);
        // Asked as the administrator over every link of the device.
        const linked = (await call(admin, 'GET', `/api/permissions?deviceId=${device?.id}&geofenceId=0`)).json.map((pair) => pair.geofenceId);
        expect(linked).toContain(mine);
        expect(linked).not.toContain(theirs);
      });

      it('refuses a read-only user whatever the items', async () => {
        const readonly = await userWith('bulk-readonly@test.local', { readonly: true });
        const answer = await call(readonly.cookie, 'DELETE', '/api/permissions/bulk', []);
        expect([answer.status, answer.text]).toEqual([400, 'Operation restricted']);
      });
    });

    it('refuses unknown pairs, extra keys, and objects the caller does not reach', async () => {
      expect((await call(admin, 'POST', '/api/permissions', { geofenceId: 1, userId: 1 })).status).toBe(400);
      expect((await call(admin, 'POST', '/api/permissions', { userId: 1, deviceId: 1, groupId: 1 })).status).toBe(400);
      const { json: geofence } = await call(admin, 'POST', '/api/geofences', { name: 'Privada', area: 'CIRCLE (-23.5 -46.6, 100)' });
      const me = (await call(regular, 'GET', '/api/session')).json;
      const refused = await call(regular, 'POST', '/api/permissions', { userId: me.id, geofenceId: geofence.id });
      expect(refused.status).toBe(400);
      expect(refused.text).toBe('Geofence access denied');
    });
  });

  describe('users', () => {
    it('a manager creates users up to its limit and manages only those', async () => {
      const manager = await userWith('manager@test.local', { userLimit: 1 });
      // What only an administrator grants is refused, as Traccar's checkUserUpdate does, not dropped; nothing is stored.
      const driver = { name: 'Driver One', email: 'one@test.local', password: 'pw12' };
      for (const grant of [{ administrator: true }, { deviceLimit: -1 }, { userLimit: 5 }]) {
        const refused = await call(manager.cookie, 'POST', '/api/users', { ...driver, ...grant });
        expect([refused.status, refused.text]).toEqual([400, 'Administrator access required']);
      }
      expect((await call(admin, 'GET', '/api/users')).json.filter((user) => user.email === driver.email)).toEqual([]);
      // The new user's own values pass, and a manager restricts its users.
      const first = await call(manager.cookie, 'POST', '/api/users', { ...driver, administrator: false, deviceLimit: 0, userLimit: 0, readonly: true });
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({ administrator: false, deviceLimit: 0, userLimit: 0, readonly: true });
      expect(first.json).not.toHaveProperty('password');
      const second = await call(manager.cookie, 'POST', '/api/users', { name: 'Driver Two', email: 'two@test.local', password: 'pw12' });
      expect(second.text).toBe('Manager user limit reached');
      expect((await call(manager.cookie, 'GET', '/api/users')).json.map((u) => u.email)).toEqual(['one@test.local']);
      expect((await call(regular, 'GET', '/api/users')).status).toBe(400);

      // Editing: the manager restricts or frees its user, but neither raises its limits nor makes it an administrator.
      const id = first.json.id as number;
      const managed = (await call(manager.cookie, 'GET', `/api/users/${id}`)).json;
      expect((await call(manager.cookie, 'PUT', `/api/users/${id}`, { ...managed, readonly: false, disabled: true })).json).toMatchObject({ readonly: false, disabled: true });
      for (const grant of [{ administrator: true }, { deviceLimit: -1 }, { userLimit: 1 }]) {
        expect((await call(manager.cookie, 'PUT', `/api/users/${id}`, { ...managed, ...grant })).text).toBe('Administrator access required');
      }
      expect((await call(admin, 'GET', `/api/users/${id}`)).json).toMatchObject({ administrator: false, deviceLimit: 0, userLimit: 0 });
    });

    it('a user edits its own profile but cannot grant itself more', async () => {
      const plain = await userWith('plain@test.local');
      const self = (await call(plain.cookie, 'GET', '/api/session')).json;
      expect((await call(plain.cookie, 'PUT', `/api/users/${plain.id}`, { ...self, name: 'Plain Renamed' })).json.name).toBe('Plain Renamed');
      expect((await call(plain.cookie, 'PUT', `/api/users/${plain.id}`, { ...self, administrator: true })).text).toBe('Administrator access required');
      expect((await call(plain.cookie, 'PUT', `/api/users/${plain.id}`, { ...self, deviceLimit: 99 })).status).toBe(400);
      // Its own restrictions too: only an administrator lifts or sets them.
      expect((await call(plain.cookie, 'PUT', `/api/users/${plain.id}`, { ...self, readonly: true })).text).toBe('Administrator access required');
    });

    it('refuses a duplicate email and a missing password', async () => {
      expect((await call(admin, 'POST', '/api/users', { name: 'Dup', email: demoAccount.email, password: 'x' })).status).toBe(400);
      expect((await call(admin, 'POST', '/api/users', { name: 'No password', email: 'nopw@test.local' })).status).toBe(400);
      // Traccar's `new User()`: without deviceLimit an administrator's new user may own no device.
      expect((await call(admin, 'POST', '/api/users', { name: 'Default', email: 'default@test.local', password: 'x' })).json).toMatchObject({ deviceLimit: 0, userLimit: 0 });
    });

    it("a user an administrator or a manager creates without a device limit holds Traccar 6.14.5's 0 (new User()); the user form always sends one", async () => {
      const byAdmin = await call(admin, 'POST', '/api/users', { name: 'Sem limite', email: 'nolimit@test.local', password: 'pw12' });
      expect(byAdmin.json).toMatchObject({ deviceLimit: 0, userLimit: 0 });
      const manager = await userWith('limitless-manager@test.local', { userLimit: 2 });
      const byManager = await call(manager.cookie, 'POST', '/api/users', { name: 'Gerido', email: 'managed-nolimit@test.local', password: 'pw12' });
      expect(byManager.json).toMatchObject({ deviceLimit: 0, userLimit: 0 });
    });

    it('registration without a session works only when the server enables it', async () => {
      const body = { name: 'Visitante', email: 'visitor@test.local', password: 'pw12' };
      expect((await call(null, 'POST', '/api/users', body)).text).toBe('Registration disabled');
      const server = (await call(admin, 'GET', '/api/server')).json;
      expect((await call(admin, 'PUT', '/api/server', { ...server, registration: true })).status).toBe(200);
      const registered = await call(null, 'POST', '/api/users', body);
      expect(registered.json).toMatchObject({ email: 'visitor@test.local', administrator: false, deviceLimit: -1, userLimit: 0 });
      await call(admin, 'PUT', '/api/server', { registration: false });
    });

    it('a signed-in ordinary user creates a user only as a visitor would register, and does not manage it (Traccar\'s UserResource)', async () => {
      const plain = await userWith('registrar@test.local');
      const body = { name: 'Colega', email: 'colleague@test.local', password: 'pw12' };
      expect((await call(plain.cookie, 'POST', '/api/users', body)).text).toBe('Registration disabled');

      const server = (await call(admin, 'GET', '/api/server')).json;
      await call(admin, 'PUT', '/api/server', { ...server, registration: true });
      try {
        const created = await call(plain.cookie, 'POST', '/api/users', body);
        expect(created.status).toBe(200);
        expect(created.json).toMatchObject({ email: 'colleague@test.local', administrator: false, deviceLimit: -1, userLimit: 0 });
        // Not a manager: the new account is not among its users, and it cannot open it.
        expect((await call(plain.cookie, 'GET', '/api/users')).text).toBe('Manager access required');
        expect((await call(plain.cookie, 'GET', `/api/users/${created.json.id as number}`)).text).toBe('User access denied');
        // What only an administrator grants, or only a manager restricts, is refused, with or without a session.
        for (const cookie of [plain.cookie, null]) {
          const grant = await call(cookie, 'POST', '/api/users', { ...body, email: 'boss@test.local', administrator: true });
          expect([grant.status, grant.text]).toEqual([400, 'Administrator access required']);
          expect((await call(cookie, 'POST', '/api/users', { ...body, email: 'boss@test.local', deviceLimit: 50 })).text).toBe('Administrator access required');
          expect((await call(cookie, 'POST', '/api/users', { ...body, email: 'boss@test.local', readonly: true })).text).toBe('Manager access required');
        }
        expect((await call(admin, 'GET', '/api/users')).json.filter((user) => user.email === 'boss@test.local')).toEqual([]);
        // Registering is not an edit: a read-only account may do it too.
        const readonly = await userWith('ro-registrar@test.local', { readonly: true });
        expect((await call(readonly.cookie, 'POST', '/api/users', { ...body, email: 'another@test.local' })).status).toBe(200);
      } finally {
        await call(admin, 'PUT', '/api/server', { registration: false });
      }
    });
  });

  describe('devices', () => {

    it('creates, updates and deletes a device; the creator sees it', async () => {
      const created = await call(regular, 'POST', '/api/devices', truck('990001'));
      expect(created.status).toBe(200);
      expect(created.json).toMatchObject({ ...truck('990001'), status: 'unknown', groupId: 0, lastUpdate: null });
      const id = created.json.id as number;
      expect((await call(regular, 'GET', '/api/devices')).json.map((d) => d.id)).toContain(id);
      expect((await call(regular, 'PUT', `/api/devices/${id}`, { ...truck('990001'), name: 'Caminhão 1' })).json.name).toBe('Caminhão 1');
      expect((await call(regular, 'DELETE', `/api/devices/${id}`)).status).toBe(204);
      expect((await call(admin, 'GET', `/api/devices/${id}`)).status).toBe(404);
    });

    it('refuses a duplicate uniqueId and a missing one', async () => {
      await call(admin, 'POST', '/api/devices', truck('990002'));
      expect((await call(admin, 'POST', '/api/devices', truck('990002'))).text).toMatch(/Duplicate/);
      expect((await call(admin, 'POST', '/api/devices', { name: 'Sem IMEI' })).status).toBe(400);
    });

    it('applies the device limit and device-read-only accounts', async () => {
      const limited = await userWith('limited@test.local', { deviceLimit: 1 });
      expect((await call(limited.cookie, 'POST', '/api/devices', truck('990003'))).status).toBe(200);
      expect((await call(limited.cookie, 'POST', '/api/devices', truck('990004'))).text).toBe('Device limit reached');
      const deviceReadonly = await userWith('devro@test.local', { deviceReadonly: true });
      expect((await call(deviceReadonly.cookie, 'POST', '/api/devices', truck('990005'))).text).toBe('Write access denied');
      const limitedCommands = await userWith('nocmd@test.local', { limitCommands: true });
      expect((await call(limitedCommands.cookie, 'POST', '/api/commands', { description: 'x', type: 'engineStop' })).text).toBe('Write access denied');
    });

    it('sets the accumulators through a new position', async () => {
      const [device] = (await call(admin, 'GET', '/api/devices')).json;
      const id = device?.id as number;
      const response = await call(admin, 'PUT', `/api/devices/${id}/accumulators`, { deviceId: id, totalDistance: 123_456, hours: 7_200_000 });
      expect(response.status).toBe(204);
      // The simulated vehicle keeps driving: its later fixes count on from the new values. A fix it
      // computed just before the change may still land after it, so wait out that one step.
      const latestAccumulators = async () => ((await call(admin, 'GET', `/api/positions?deviceId=${id}`)).json[0]?.attributes ?? {}) as { totalDistance: number; hours: number };
      let attributes = await latestAccumulators();
      for (let attempt = 0; attempt < 20 && !(attributes.totalDistance >= 123_456); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        attributes = await latestAccumulators();
      }
      expect(attributes.totalDistance).toBeGreaterThanOrEqual(123_456);
      expect(attributes.totalDistance).toBeLessThan(123_456 + 1_000);
      expect(attributes.hours).toBeGreaterThanOrEqual(7_200_000);
      expect(attributes.hours).toBeLessThan(7_200_000 + 60_000);
    });
  });

  describe('server', () => {
    it('only an administrator changes the settings; GET shows them to everybody', async () => {
      const server = (await call(admin, 'GET', '/api/server')).json;
      expect((await call(regular, 'PUT', '/api/server', { ...server, zoom: 5 })).text).toBe('Administrator access required');
      const updated = await call(admin, 'PUT', '/api/server', { ...server, twelveHourFormat: true, attributes: { 'rastro.lang': 'es' } });
      expect(updated.json).toMatchObject({ twelveHourFormat: true, attributes: { 'rastro.lang': 'es' }, version: '6.14.5' });
      expect((await call(null, 'GET', '/api/server')).json).toMatchObject({ twelveHourFormat: true });
      expect((await call(admin, 'PUT', '/api/server', { zoom: 'far' })).status).toBe(400);
      expect((await call(admin, 'POST', '/api/server/reboot')).status).toBe(200);
      expect((await call(regular, 'POST', '/api/server/reboot')).status).toBe(400);
    });
  });

  describe("Traccar's restrictions", () => {
    /** Runs `body` with these server flags on, and puts the settings back whatever happens. */
    const withServer = async (flags: Record<string, boolean>, body: () => Promise<void>) => {
      const server = (await call(admin, 'GET', '/api/server')).json;
      expect((await call(admin, 'PUT', '/api/server', { ...server, ...flags })).status).toBe(200);
      try {
        await body();
      } finally {
        await call(admin, 'PUT', '/api/server', server);
      }
    };

    it('a read-only server refuses every non-admin write but lets users edit their own account', async () => {
      const plain = await userWith('server-ro@test.local');
      const self = (await call(plain.cookie, 'GET', '/api/session')).json;
      await withServer({ readonly: true }, async () => {
        const refused = await call(plain.cookie, 'POST', '/api/groups', { name: 'Nope' });
        expect([refused.status, refused.text]).toEqual([400, 'Write access denied']);
        expect((await call(plain.cookie, 'POST', '/api/devices', truck('990101'))).status).toBe(400);
        expect((await call(plain.cookie, 'POST', '/api/permissions', { userId: plain.id, groupId: 1 })).status).toBe(400);
        expect((await call(plain.cookie, 'PUT', `/api/users/${plain.id}`, { ...self, name: 'Still me' })).json.name).toBe('Still me');
        expect((await call(admin, 'POST', '/api/groups', { name: 'Admins may' })).status).toBe(200);
      });
      expect((await call(plain.cookie, 'POST', '/api/groups', { name: 'Now allowed' })).status).toBe(200);
    });

    it('a device-read-only server refuses device changes only; limitCommands refuses saved commands', async () => {
      const plain = await userWith('server-devro@test.local');
      await withServer({ deviceReadonly: true, limitCommands: true }, async () => {
        expect((await call(plain.cookie, 'POST', '/api/devices', truck('990102'))).text).toBe('Write access denied');
        expect((await call(plain.cookie, 'POST', '/api/commands', { description: 'x', type: 'engineStop' })).text).toBe('Write access denied');
        expect((await call(plain.cookie, 'POST', '/api/groups', { name: 'Groups are fine' })).status).toBe(200);
        expect((await call(admin, 'POST', '/api/devices', truck('990103'))).status).toBe(200);
      });
      expect((await call(plain.cookie, 'POST', '/api/devices', truck('990102'))).status).toBe(200);
    });

    it('deviceLimit 0 allows no device at all', async () => {
      const none = await userWith('no-devices@test.local', { deviceLimit: 0 });
      expect((await call(none.cookie, 'POST', '/api/devices', truck('990104'))).text).toBe('Device limit reached');
      expect((await call(admin, 'GET', '/api/devices?uniqueId=990104')).json).toEqual([]);
    });

    it('a disabled or expired user cannot sign in, and an open session stops working', async () => {
      const soon = await userWith('soon-disabled@test.local');
      expect((await call(soon.cookie, 'GET', '/api/devices')).status).toBe(200);
      const before = (await call(admin, 'GET', `/api/users/${soon.id}`)).json;
      await call(admin, 'PUT', `/api/users/${soon.id}`, { ...before, disabled: true });
      expect((await call(soon.cookie, 'GET', '/api/devices')).status).toBe(401);
      const form = { method: 'POST', headers: FORM, body: new URLSearchParams({ email: 'soon-disabled@test.local', password: 'secret' }).toString() };
      const disabled = await fetch(`${tracker.url}/api/session`, form);
      expect([disabled.status, await disabled.text()]).toEqual([400, 'User is disabled']);

      await call(admin, 'PUT', `/api/users/${soon.id}`, { ...before, disabled: false, expirationTime: '2020-01-01T00:00:00.000+00:00' });
      const expired = await fetch(`${tracker.url}/api/session`, form);
      expect([expired.status, await expired.text()]).toEqual([400, 'User has expired']);
    });

    it("an administrator looks up any device by id or uniqueId; a user only the ones it reaches", async () => {
      const owner = await userWith('lookup-owner@test.local');
      const created = (await call(owner.cookie, 'POST', '/api/devices', truck('990105'))).json;
      const id = created.id as number;
      expect((await call(admin, 'GET', '/api/devices')).json.map((d) => d.id)).not.toContain(id);
      expect((await call(admin, 'GET', `/api/devices?id=${id}`)).json.map((d) => d.uniqueId)).toEqual(['990105']);
      expect((await call(admin, 'GET', '/api/devices?uniqueId=990105')).json.map((d) => d.id)).toEqual([id]);
      expect((await call(regular, 'GET', `/api/devices?id=${id}`)).json).toEqual([]);
    });
  });

  describe('password reset', () => {
    it('answers 200 for any email, mails a token for a real one, and the token works once', async () => {
      const form = (fields: Record<string, string>) => ({ method: 'POST', headers: FORM, body: new URLSearchParams(fields).toString() });
      expect((await fetch(`${tracker.url}/api/password/reset`, form({ email: 'nobody@test.local' }))).status).toBe(200);
      expect(resets).toEqual([]);
      await userWith('forgetful@test.local');
      expect((await fetch(`${tracker.url}/api/password/reset`, form({ email: 'forgetful@test.local' }))).status).toBe(200);
      const [reset] = resets;
      expect(reset?.email).toBe('forgetful@test.local');
      expect((await fetch(`${tracker.url}/api/password/update`, form({ token: reset?.token ?? '', password: 'n3w-pass' }))).status).toBe(200);
      await expect(login(tracker.url, 'forgetful@test.local', 'n3w-pass')).resolves.toMatch(/^JSESSIONID=/);
      expect((await fetch(`${tracker.url}/api/password/update`, form({ token: reset?.token ?? '', password: 'again' }))).status).toBe(404);
    });
  });
});
