import { advancedPermissionsHex, DEVICE_LIMIT_HEADER, MAX_BULK_PERMISSIONS, EDITION_HEADER, isSoftDeletedUniqueId, socketMessageSchema } from '@rastro/shared/contract';
import { createScratchDatabase } from '@rastro/db';
import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { startGateway, type GatewayOptions, type RunningGateway } from '../gateway';
import { send, type RawResponse } from '../test-support/http';
import { allBut, EVERY_BIT, needsOf, numberOf, onlyBits, permissionProbes, probedBits, type Actor as ProbeActor, type Attempt, type Bit, type Probe, type Side } from '../test-support/permission-probes';
import { Browser, newDevice, unique, type Json } from '../test-support/policy-browser';
import { openSocket } from '../test-support/socket-client';


const ONLY_DEVICE_CREATE = advancedPermissionsHex([['devices', 'create']]);
const ONLY_ANCHOR = advancedPermissionsHex([['devices', 'anchor']]);
const GEOFENCES_NOT_ANCHOR = advancedPermissionsHex([['geofences', 'create'], ['geofences', 'delete'], ['devices', 'edit']]);

const MATRIX_RESELLER_DOMAIN = 'matrix.reseller.test';

/** The SPEC §8 code of a JSON refusal, else null. */
const codeOf = (response: RawResponse) => (response.headers['content-type']?.includes('json') ? (response.json<{ code?: string }>().code ?? null) : null);

/** The roles of SPEC §6, as the administrator creates them (the reseller also gets its domain, below). */
const ROLES = {
  admin: { administrator: true },
  manager: { userLimit: 5 },
  user: {},
  readonly: { readonly: true },
  deviceReadonly: { deviceReadonly: true },
  limitedCommands: { limitCommands: true },
  shared: { attributes: { isShared: true } },
  qrDriver: { attributes: { 'rastro.isQrDriverId': 1 } },
  // SPEC §3 reseller fields; it manages its customers, so it is a manager (userLimit) on the tracking server.
  reseller: { userLimit: 50, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': MATRIX_RESELLER_DOMAIN } },
} satisfies Record<string, Json>;
type Role = keyof typeof ROLES;

describe('the gateway refuses what a user may not write', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  /** The demo administrator, through the gateway and straight at the tracker (to see what really happened). */
  let admin: Browser;
  let adminDirect: Browser;
  const users: Record<string, { id: number; browser: Browser }> = {};

  async function createUser(name: string, fields: Json): Promise<{ id: number; browser: Browser }> {
    const email = `${unique(name)}@policy.test`;
    // An explicit deviceLimit: without one a new user may own no device (Traccar's `new User()`).
    const created = await admin.ok<{ id: number }>('POST', '/api/users', { name: `Policy ${name}`, email, password: 'secret1', deviceLimit: -1, ...fields });
    return { id: created.id, browser: await Browser.signIn(gateway.url, email, 'secret1') };
  }

  /** A device the administrator creates and links to `userId`, so that user may change it. */
  async function deviceOf(userId: number): Promise<Json & { id: number; name: string }> {
    const device = await admin.ok<Json & { id: number; name: string }>('POST', '/api/devices', newDevice());
    await admin.ok('POST', '/api/permissions', { userId, deviceId: device.id });
    return device;
  }

  /** Renaming the object at `path` as `browser`; unchanged while the tracker still has the old name. */
  const renaming = (browser: Browser, path: string, entity: Json & { name: string }) => ({
    attempt: () => browser.call('PUT', path, { ...entity, name: 'Renamed' }),
    unchanged: async () => (await adminDirect.ok<{ name: string }>('GET', path)).name === entity.name,
  });

  const deviceExists = async (id: number) => (await adminDirect.call('GET', `/api/devices/${id}`)).status === 200;
  const allDevices = () => adminDirect.ok<Array<{ id: number; uniqueId: string }>>('GET', '/api/devices?all=true');

  async function updateServerAttributes(changes: Json): Promise<void> {
    const server = await admin.ok<{ id: number; attributes: Json }>('GET', '/api/server');
    const attributes = { ...server.attributes, ...changes };
    for (const [key, value] of Object.entries(attributes)) if (value === undefined) delete attributes[key];
    // Through the gateway: its cached copy of the server settings is dropped at once.
    await admin.ok('PUT', '/api/server', { ...server, attributes });
  }

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 6, intervalMs: 500 }, logger: false });
    gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      traccarUrl: tracker.url,
      webRoot: '/nonexistent',
      logger: false,
      serviceAccount: { user: demoAccount.email, password: demoAccount.password },
    });
    admin = await Browser.signIn(gateway.url, demoAccount.email, demoAccount.password);
    adminDirect = await Browser.signIn(tracker.url, demoAccount.email, demoAccount.password);
    for (const [role, fields] of Object.entries(ROLES)) users[role] = await createUser(role, fields);
    // The reseller's domain, with limits its tree stays well under in the matrix.
    await admin.ok('PUT', `/rastro/resellers/${MATRIX_RESELLER_DOMAIN}`, { ownerUserId: users.reseller!.id, deviceLimit: 1000, userLimit: 100 });
    users.reseller = { ...users.reseller!, browser: users.reseller!.browser.on(MATRIX_RESELLER_DOMAIN) };
  }, 180_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
  });

  /** Who makes a write of the matrix: a role's user, or one with chosen permission bits. */
  interface Actor {
    id: number;
    browser: Browser;
    administrator?: boolean;
  }

  /** An entity of `path` the administrator keeps, looked up by its marker field straight at the tracker. */
  const stored = async (path: string, field: string, value: string) =>
    (await adminDirect.ok<Json[]>('GET', `${path}?all=true`)).some((entity) => entity[field] === value || (entity.attributes as Json | undefined)?.marker === value);

  /** A creation through `path`: refused when the tracker has nothing with that marker afterwards. */
  const creating = (actor: Actor, path: string, body: (marker: string) => Json, field = 'name') => {
    const marker = unique('Made ');
    return {
      attempt: () => actor.browser.call('POST', path, body(marker)),
      unchanged: async () => !(await stored(path, field, marker)),
    };
  };

  /** A saved entity the administrator creates and links to the actor, so the actor may change it. */
  async function entityOf(actor: Actor, path: string, key: string, body: Json): Promise<Json & { id: number; name: string }> {
    const entity = await admin.ok<Json & { id: number; name: string }>('POST', path, { name: unique('Own '), ...body });
    if (!actor.administrator) await admin.ok('POST', '/api/permissions', { userId: actor.id, [key]: entity.id });
    return entity;
  }

  const CIRCLE = 'CIRCLE (-23.5505 -46.6333, 100)';
  const inTwoDays = () => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();

  /**
   * One write of the matrix: `attempt` makes it as the actor; `unchanged` (re-read through the
   * administrator, straight at the tracker) tells whether the tracker's data is as before.
   */
  interface WriteCase {
    /** `unchanged` is left out for writes that store nothing (a command sent): the answer is their whole effect. */
    prepare(actor: Actor): Promise<{ attempt: () => Promise<RawResponse>; unchanged?: () => Promise<boolean> }>;
  }

  const WRITES = {
    'create a device': {
      async prepare(actor) {
        const device = newDevice();
        return {
          attempt: () => actor.browser.call('POST', '/api/devices', device),
          unchanged: async () => !(await allDevices()).some((existing) => existing.uniqueId === device.uniqueId),
        };
      },
    },
    'edit a device': {
      async prepare(actor) {
        const device = await deviceOf(actor.id);
        return renaming(actor.browser, `/api/devices/${device.id}`, device);
      },
    },
    'delete a device': {
      async prepare(actor) {
        const device = await deviceOf(actor.id);
        return { attempt: () => actor.browser.call('DELETE', `/api/devices/${device.id}`), unchanged: () => deviceExists(device.id) };
      },
    },
    'create a geofence': {
      prepare: async (actor) => creating(actor, '/api/geofences', (name) => ({ name, area: CIRCLE })),
    },
    'edit a geofence': {
      async prepare(actor) {
        const geofence = await entityOf(actor, '/api/geofences', 'geofenceId', { area: CIRCLE });
        return renaming(actor.browser, `/api/geofences/${geofence.id}`, geofence);
      },
    },
    'create a group': { prepare: async (actor) => creating(actor, '/api/groups', (name) => ({ name })) },
    'edit a group': {
      async prepare(actor) {
        const group = await entityOf(actor, '/api/groups', 'groupId', {});
        return renaming(actor.browser, `/api/groups/${group.id}`, group);
      },
    },
    'delete a group': {
      async prepare(actor) {
        const group = await entityOf(actor, '/api/groups', 'groupId', {});
        return {
          attempt: () => actor.browser.call('DELETE', `/api/groups/${group.id}`),
          unchanged: async () => (await adminDirect.call('GET', `/api/groups/${group.id}`)).status === 200,
        };
      },
    },
    'create a driver': { prepare: async (actor) => creating(actor, '/api/drivers', (name) => ({ name, uniqueId: `${name.replace(/\W/g, '')}` })) },
    'create a notification': {
      prepare: async (actor) => creating(actor, '/api/notifications', (marker) => ({ type: 'deviceOnline', notificators: 'web', always: true, calendarId: 0, attributes: { marker } }), 'marker'),
    },
    'create a saved command': {
      prepare: async (actor) => creating(actor, '/api/commands', (description) => ({ description, type: 'custom', attributes: { data: 'hello' } }), 'description'),
    },
    'send a custom command': {
      async prepare(actor) {
        const device = await deviceOf(actor.id);
        return {
          attempt: () => actor.browser.call('POST', '/api/commands/send', { deviceId: device.id, type: 'custom', attributes: { data: 'hello' } }),
        };
      },
    },
    'send a saved command': {
      async prepare(actor) {
        const device = await deviceOf(actor.id);
        const command = await entityOf(actor, '/api/commands', 'commandId', { description: unique('Saved '), type: 'custom', attributes: { data: 'saved' } });
        return {
          attempt: () => actor.browser.call('POST', '/api/commands/send', { id: command.id, deviceId: device.id }),
        };
      },
    },
    'lock a device (engineStop)': {
      async prepare(actor) {
        const device = await deviceOf(actor.id);
        return { attempt: () => actor.browser.call('POST', '/api/commands/send', { deviceId: device.id, type: 'engineStop' }) };
      },
    },
    'create a user': {
      async prepare(actor) {
        const email = `${unique('made')}@policy.test`;
        return {
          attempt: () => actor.browser.call('POST', '/api/users', { name: 'Made User', email, password: 'secret1' }),
          unchanged: async () => !(await adminDirect.ok<Array<{ email: string }>>('GET', '/api/users')).some((user) => user.email === email),
        };
      },
    },
    'delete a user it manages': {
      async prepare(actor) {
        const victim = await admin.ok<{ id: number }>('POST', '/api/users', { name: 'Victim', email: `${unique('victim')}@policy.test`, password: 'secret1' });
        if (!actor.administrator) await admin.ok('POST', '/api/permissions', { userId: actor.id, managedUserId: victim.id });
        return {
          attempt: () => actor.browser.call('DELETE', `/api/users/${victim.id}`),
          unchanged: async () => (await adminDirect.call('GET', `/api/users/${victim.id}`)).status === 200,
        };
      },
    },
    'edit an administrator': {
      async prepare(actor) {
        const target = await admin.ok<Json & { id: number; name: string }>('POST', '/api/users', { name: 'Other Admin', email: `${unique('boss')}@policy.test`, password: 'secret1', administrator: true });
        return renaming(actor.browser, `/api/users/${target.id}`, target);
      },
    },
    'link a geofence to its device': {
      async prepare(actor) {
        const device = await deviceOf(actor.id);
        const geofence = await entityOf(actor, '/api/geofences', 'geofenceId', { area: CIRCLE });
        const linked = async () => (await adminDirect.ok<Array<{ id: number }>>('GET', `/api/geofences?deviceId=${device.id}`)).some((found) => found.id === geofence.id);
        return { attempt: () => actor.browser.call('POST', '/api/permissions', { deviceId: device.id, geofenceId: geofence.id }), unchanged: async () => !(await linked()) };
      },
    },
    'link many at once (permissions/bulk)': {
      async prepare(actor) {
        const device = await deviceOf(actor.id);
        const geofence = await entityOf(actor, '/api/geofences', 'geofenceId', { area: CIRCLE });
        const linked = async () => (await adminDirect.ok<Array<{ id: number }>>('GET', `/api/geofences?deviceId=${device.id}`)).some((found) => found.id === geofence.id);
        return { attempt: () => actor.browser.call('POST', '/api/permissions/bulk', [{ deviceId: device.id, geofenceId: geofence.id }]), unchanged: async () => !(await linked()) };
      },
    },
    'change the server settings': {
      async prepare(actor) {
        const server = await adminDirect.ok<Json & { attributes: Json }>('GET', '/api/server');
        const marker = unique('server ');
        return {
          attempt: () => actor.browser.call('PUT', '/api/server', { ...server, attributes: { ...server.attributes, matrixMarker: marker } }),
          unchanged: async () => (await adminDirect.ok<{ attributes: Json }>('GET', '/api/server')).attributes.matrixMarker !== marker,
        };
      },
    },
    'create a share link': {
      async prepare(actor) {
        const device = await deviceOf(actor.id);
        const name = unique('Share ');
        return {
          attempt: () => actor.browser.call('POST', '/rastro/shares', { name, deviceIds: [device.id], expiresAt: inTwoDays() }),
          unchanged: async () => !(await admin.ok<Array<{ name: string }>>('GET', '/rastro/shares')).some((share) => share.name === name),
        };
      },
    },
  } satisfies Record<string, WriteCase>;
  type Write = keyof typeof WRITES;

  /** The gateway let the write through and the tracking server did it. */
  const ALLOWED = 'allowed' as const;
  /** The gateway let it through and the tracking server refused it (its own rules, e.g. "Manager access required"): nothing changed. */
  const TRACKER_REFUSES = 'refused by the tracking server' as const;
  const READONLY = [403, 'ACCOUNT_IS_READONLY'] as const;
  const DEVICE_READONLY = [403, 'ACCOUNT_IS_DEVICE_READONLY'] as const;
  const DENIED = [403, 'WRITE_ACCESS_DENIED'] as const;
  const HIGHER_ADMIN = [403, 'CANNOT_EDIT_HIGHER_ADMIN'] as const;
  type Outcome = typeof ALLOWED | typeof TRACKER_REFUSES | readonly [number, string];
  const everyWrite = (outcome: Outcome) => Object.fromEntries(Object.keys(WRITES).map((write) => [write, outcome])) as Record<Write, Outcome>;

  /** What a signed-in user who is not an administrator gets, before the flags of its account. */
  const NOT_ADMIN: Partial<Record<Write, Outcome>> = {
    'edit an administrator': HIGHER_ADMIN,
    'change the server settings': DENIED,
  };
  const PLAIN_USER: Partial<Record<Write, Outcome>> = { ...NOT_ADMIN, 'create a user': TRACKER_REFUSES };

  /** What each role gets for each write (SPEC §5, §6, §8). */
  const MATRIX: Record<Role, Record<Write, Outcome>> = {
    admin: everyWrite(ALLOWED),
    manager: { ...everyWrite(ALLOWED), ...NOT_ADMIN },
    user: { ...everyWrite(ALLOWED), ...PLAIN_USER },
    readonly: everyWrite(READONLY),
    deviceReadonly: {
      ...everyWrite(ALLOWED),
      ...PLAIN_USER,
      'create a device': DEVICE_READONLY,
      'edit a device': DEVICE_READONLY,
      'delete a device': DEVICE_READONLY,
    },
    limitedCommands: { ...everyWrite(ALLOWED), ...PLAIN_USER, 'create a saved command': DENIED, 'send a custom command': DENIED, 'lock a device (engineStop)': DENIED },
    shared: everyWrite(DENIED),
    qrDriver: everyWrite(DENIED),
    // A reseller writes as the manager it is, on its own domain; its limits are tested below.
    reseller: { ...everyWrite(ALLOWED), ...NOT_ADMIN },
  };

  /** Makes the write and checks its outcome; a refusal must leave the tracker's data as it was. */
  async function expectOutcome(write: Write, actor: Actor, outcome: Outcome): Promise<void> {
    const { attempt, unchanged } = await (WRITES[write] as WriteCase).prepare(actor);
    const response = await attempt();
    const code = () => codeOf(response);
    if (outcome === ALLOWED) {
      if (response.status >= 300) throw new Error(`${write} refused: ${response.status} ${response.text}`);
      if (unchanged) expect(await unchanged()).toBe(false);
      return;
    }
    if (outcome === TRACKER_REFUSES) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(code()).toBeNull();
    } else {
      expect([response.status, code()]).toEqual(outcome);
      expect(response.json()).toHaveProperty('message');
    }
    if (unchanged) expect(await unchanged()).toBe(true);
  }

  const cases = Object.entries(MATRIX).flatMap(([role, outcomes]) => Object.entries(outcomes).map(([write, outcome]) => [role as Role, write as Write, outcome] as const));

  it.each(cases)('%s: %s → %p', async (role, write, outcome) => {
    await expectOutcome(write, { ...users[role]!, administrator: role === 'admin' }, outcome);
  }, 20_000);

  it('nobody deletes their own account, administrators included', async () => {
    const self = await createUser('selfadmin', { administrator: true });
    const response = await self.browser.call('DELETE', `/api/users/${self.id}`);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'CANNOT_DELETE_SELF' });
    expect((await adminDirect.call('GET', `/api/users/${self.id}`)).status).toBe(200);
  });

  it('a group cannot become its own ancestor: refused with GROUP_CYCLE, the tree untouched', async () => {
    const top = await admin.ok<Json & { id: number }>('POST', '/api/groups', { name: unique('Top '), attributes: {} });
    const middle = await admin.ok<Json & { id: number }>('POST', '/api/groups', { name: unique('Middle '), groupId: top.id, attributes: {} });
    const bottom = await admin.ok<Json & { id: number }>('POST', '/api/groups', { name: unique('Bottom '), groupId: middle.id, attributes: {} });
    for (const parent of [bottom.id, top.id]) {
      const response = await admin.call('PUT', `/api/groups/${top.id}`, { ...top, groupId: parent });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code: 'GROUP_CYCLE', fields: ['groupId'] });
    }
    expect((await adminDirect.ok<{ groupId?: number }>('GET', `/api/groups/${top.id}`)).groupId ?? 0).toBe(0);
    // Moving a branch elsewhere in the tree is fine.
    await admin.ok('PUT', `/api/groups/${bottom.id}`, { ...bottom, groupId: top.id });
  });

  it('a non-administrator cannot delete an administrator', async () => {
    const target = await createUser('otheradmin', { administrator: true });
    const response = await users.manager!.browser.call('DELETE', `/api/users/${target.id}`);
    expect(response.status).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CANNOT_DELETE_HIGHER_ADMIN' });
    expect((await adminDirect.call('GET', `/api/users/${target.id}`)).status).toBe(200);
  });

  it('a read-only user may still edit its own account', async () => {
    const self = await admin.ok<Json>('GET', `/api/users/${users.readonly!.id}`);
    const response = await users.readonly!.browser.call('PUT', `/api/users/${users.readonly!.id}`, { ...self, phone: '+55 11 5555-0000' });
    expect(response.status).toBe(200);
  });

  it('nobody but an administrator changes the attributes that grant powers, on themselves or on the users they manage', async () => {
    const self = await admin.ok<Json & { attributes: Json }>('GET', `/api/users/${users.user!.id}`);
    const escalate = await users.user!.browser.call('PUT', `/api/users/${users.user!.id}`, {
      ...self,
      attributes: { ...self.attributes, 'rastro.advancedPerms': 'ffffffffffffffffffffffffffffffff', 'rastro.reseller': true },
    });
    expect(escalate.status).toBe(403);
    expect(escalate.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
    expect((await adminDirect.ok<{ attributes: Json }>('GET', `/api/users/${users.user!.id}`)).attributes).not.toHaveProperty('rastro.reseller');

    const managed = await users.manager!.browser.call('POST', '/api/users', { name: 'Sub', email: `${unique('sub')}@policy.test`, password: 'secret1', attributes: { 'rastro.canCreateSubResellers': true } });
    expect(managed.status).toBe(403);

    const granted = await admin.call('PUT', `/api/users/${users.user!.id}`, { ...self, attributes: { ...self.attributes, 'rastro.reseller': true } });
    expect(granted.status).toBe(200);
    const unchangedResend = await users.user!.browser.call('PUT', `/api/users/${users.user!.id}`, { ...(granted.json() as Json), phone: '+55 11 4444-0000' });
    expect(unchangedResend.status).toBe(200);
  });

  it('a manager neither makes an administrator nor gives its users limits: refused before the tracking server, nothing stored', async () => {
    const manager = await createUser('gatekeeper', { userLimit: 5 });
    const email = `${unique('customer')}@policy.test`;
    const customer = { name: 'Customer', email, password: 'secret1' };
    for (const grant of [{ administrator: true }, { deviceLimit: -1 }, { userLimit: 5 }]) {
      const refused = await manager.browser.call('POST', '/api/users', { ...customer, ...grant });
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED', message: `Only administrators change ${Object.keys(grant)[0]}` });
    }
    expect((await adminDirect.ok<Array<{ email: string }>>('GET', '/api/users')).some((user) => user.email === email)).toBe(false);

    // Restrictions are the manager's to set; the limits it got are sent back unchanged, or not at all.
    const created = await manager.browser.ok<Json & { id: number }>('POST', '/api/users', { ...customer, readonly: true });
    const raised = await manager.browser.call('PUT', `/api/users/${created.id}`, { ...created, deviceLimit: 100 });
    expect(raised.status).toBe(403);
    expect((await adminDirect.ok<Json>('GET', `/api/users/${created.id}`)).deviceLimit).toBe(created.deviceLimit);
    expect((await manager.browser.call('PUT', `/api/users/${created.id}`, { ...created, readonly: false })).status).toBe(200);
  });

  it('lets signing in and registration through untouched: without a session the tracking server answers', async () => {
    const anonymous = await send(`${gateway.url}/api/devices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(newDevice()) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toContain('HTTP 401 Unauthorized');
  });

  describe('bulk links (POST|DELETE /api/permissions/bulk): every item judged as a single link, the request refused whole', () => {
    let bulker: { id: number; browser: Browser };
    let device: Json & { id: number };
    let mine: Array<Json & { id: number }>;
    /** Which of `ids` the tracker has linked to the bulker's device, asked straight at it. */
    const linkedOf = async (ids: number[]) =>
      (await adminDirect.ok<Array<{ geofenceId: number }>>('GET', `/api/permissions?deviceId=${device.id}&geofenceId=0`)).map((pair) => pair.geofenceId).filter((id) => ids.includes(id));

    beforeAll(async () => {
      bulker = await createUser('bulker', {});
      device = await deviceOf(bulker.id);
      mine = [await entityOf(bulker, '/api/geofences', 'geofenceId', { area: CIRCLE }), await entityOf(bulker, '/api/geofences', 'geofenceId', { area: CIRCLE })];
    });

    it('links and unlinks several at once for an ordinary user', async () => {
      const ids = mine.map((geofence) => geofence.id);
      const links = ids.map((geofenceId) => ({ deviceId: device.id, geofenceId }));
      expect((await bulker.browser.call('POST', '/api/permissions/bulk', links)).status).toBe(204);
      expect(await linkedOf(ids)).toEqual(ids);
      expect((await bulker.browser.call('DELETE', '/api/permissions/bulk', links)).status).toBe(204);
      expect(await linkedOf(ids)).toEqual([]);
    });

    it('refuses a mix with one object out of reach, naming it, and links none of the allowed ones', async () => {
      // The tracking server alone would store the items before the refused one (Traccar is not atomic).
      const foreignGeofence = await admin.ok<{ id: number }>('POST', '/api/geofences', { name: unique('Foreign '), area: CIRCLE });
      const foreignDevice = await admin.ok<{ id: number }>('POST', '/api/devices', newDevice());
      const ids = [...mine.map((geofence) => geofence.id), foreignGeofence.id];
      const mixed = await bulker.browser.call('POST', '/api/permissions/bulk', ids.map((geofenceId) => ({ deviceId: device.id, geofenceId })));
      expect([mixed.status, mixed.json()]).toEqual([403, expect.objectContaining({ code: 'WRITE_ACCESS_DENIED', fields: ['2.geofenceId'] })]);
      const foreignOwner = await bulker.browser.call('POST', '/api/permissions/bulk', [device.id, foreignDevice.id].map((deviceId) => ({ deviceId, geofenceId: ids[0] })));
      expect([foreignOwner.status, foreignOwner.json()]).toEqual([403, expect.objectContaining({ code: 'WRITE_ACCESS_DENIED', fields: ['1.deviceId'] })]);
      // Unlinking someone else's link in the same breath is refused alike, and leaves it linked.
      await admin.ok('POST', '/api/permissions', { deviceId: foreignDevice.id, geofenceId: foreignGeofence.id });
      const unlink = await bulker.browser.call('DELETE', '/api/permissions/bulk', [{ deviceId: device.id, geofenceId: ids[0] }, { deviceId: foreignDevice.id, geofenceId: foreignGeofence.id }]);
      expect(unlink.status).toBe(403);
      expect(await linkedOf(ids)).toEqual([]);
      expect((await adminDirect.ok<unknown[]>('GET', `/api/permissions?deviceId=${foreignDevice.id}&geofenceId=${foreignGeofence.id}`)).length).toBe(1);
    });

    it('answers malformed and oversized bulks with 400 INVALID_INPUT naming the items, and stores nothing', async () => {
      const [first, second] = mine.map((geofence) => geofence.id) as [number, number];
      const cases: Array<[unknown, string[]]> = [
        [{ deviceId: device.id, geofenceId: first }, ['body']],
        [Array.from({ length: MAX_BULK_PERMISSIONS + 1 }, () => ({ deviceId: device.id, geofenceId: first })), ['body']],
        [[{ deviceId: device.id, geofenceId: first }, { deviceId: `${device.id}`, geofenceId: -second }], ['1.deviceId', '1.geofenceId']],
        [[{ deviceId: device.id, geofenceId: first }, { userId: bulker.id, geofenceId: second }], ['1']],
        [[{ deviceId: device.id, geofenceId: first, groupId: 1 }], ['0']],
        [[{ deviceId: device.id, geofenceId: first }, null, 'x'], ['1', '2']],
      ];
      for (const [body, fields] of cases) {
        const refused = await bulker.browser.call('POST', '/api/permissions/bulk', body);
        expect([refused.status, refused.json()]).toEqual([400, expect.objectContaining({ code: 'INVALID_INPUT', fields })]);
      }
      const notJson = await send(`${gateway.url}/api/permissions/bulk`, { method: 'POST', headers: { cookie: bulker.browser.cookie, 'content-type': 'application/json' }, body: '[{"deviceId":' });
      expect([notJson.status, notJson.json()]).toEqual([400, expect.objectContaining({ code: 'INVALID_INPUT', fields: ['body'] })]);
      expect(await linkedOf([first, second])).toEqual([]);
    });
  });

  describe('with advanced permissions on (paid edition)', () => {
    let creator: { id: number; browser: Browser };
    let nobody: { id: number; browser: Browser };

    beforeAll(async () => {
      creator = await createUser('creator', { attributes: { 'rastro.advancedPerms': ONLY_DEVICE_CREATE } });
      nobody = await createUser('nobits', {});
      await updateServerAttributes({ 'rastro.enableAdvancedPerms': true });
    });

    afterAll(() => updateServerAttributes({ 'rastro.enableAdvancedPerms': undefined }));

    it('a user allowed only to create devices creates one, and may do nothing else', async () => {
      expect((await creator.browser.call('POST', '/api/devices', newDevice())).status).toBe(200);

      const device = await deviceOf(creator.id);
      const edit = renaming(creator.browser, `/api/devices/${device.id}`, device);
      const refused = await edit.attempt();
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
      expect(await edit.unchanged()).toBe(true);

      const geofence = await creator.browser.call('POST', '/api/geofences', { name: unique('Denied '), area: 'CIRCLE (-23.5505 -46.6333, 100)' });
      expect(geofence.status).toBe(403);
    });

    it('the anchor toggle needs the devices area\'s anchor bit (9), not the geofence bits', async () => {
      const anchorOnly = await createUser('anchorer', { attributes: { 'rastro.advancedPerms': ONLY_ANCHOR } });
      const geofencer = await createUser('geofencer', { attributes: { 'rastro.advancedPerms': GEOFENCES_NOT_ANCHOR } });
      const anchorOf = (deviceId: number) => ({ id: -1, name: unique('Anchor '), description: '', area: 'CIRCLE (-23.5505 -46.6333, 150)', calendarId: 0, attributes: { isAnchor: true, deviceId } });
      const geofenceNamed = async (name: string) => (await adminDirect.ok<Array<Json & { id: number; name: string }>>('GET', '/api/geofences?all=true')).find((geofence) => geofence.name === name);

      // SPEC §4: save the anchor, link it to the device; later delete it.
      const device = await deviceOf(anchorOnly.id);
      const anchor = await anchorOnly.browser.ok<{ id: number }>('POST', '/api/geofences', anchorOf(device.id));
      expect((await anchorOnly.browser.call('POST', '/api/permissions', { deviceId: device.id, geofenceId: anchor.id })).status).toBeLessThan(300);
      const plain = await anchorOnly.browser.call('POST', '/api/geofences', { name: unique('Depot '), area: 'CIRCLE (-23.5505 -46.6333, 100)' });
      expect(plain.status).toBe(403);

      const otherDevice = await deviceOf(geofencer.id);
      const refusedAnchor = anchorOf(otherDevice.id);
      const refused = await geofencer.browser.call('POST', '/api/geofences', refusedAnchor);
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
      expect(await geofenceNamed(refusedAnchor.name)).toBeUndefined();
      // Deleting someone's anchor is the anchor action too, whatever the geofence bits say.
      await admin.ok('POST', '/api/permissions', { userId: geofencer.id, geofenceId: anchor.id });
      expect((await geofencer.browser.call('DELETE', `/api/geofences/${anchor.id}`)).status).toBe(403);
      expect((await adminDirect.call('GET', `/api/geofences/${anchor.id}`)).status).toBe(200);
      expect((await anchorOnly.browser.call('DELETE', `/api/geofences/${anchor.id}`)).status).toBeLessThan(300);
      expect((await adminDirect.call('GET', `/api/geofences/${anchor.id}`)).status).toBeGreaterThanOrEqual(400);
    });

    it('judges each item of a bulk link by its own bits: one anchor among plain geofences refuses the whole request', async () => {
      const geofencer = await createUser('bulkgeofencer', { attributes: { 'rastro.advancedPerms': GEOFENCES_NOT_ANCHOR } });
      const device = await deviceOf(geofencer.id);
      const plain = await entityOf(geofencer, '/api/geofences', 'geofenceId', { area: CIRCLE });
      const anchor = await entityOf(geofencer, '/api/geofences', 'geofenceId', { area: CIRCLE, attributes: { isAnchor: true, deviceId: device.id } });
      const links = [plain, anchor].map((geofence) => ({ deviceId: device.id, geofenceId: geofence.id }));
      const refused = await geofencer.browser.call('POST', '/api/permissions/bulk', links);
      expect([refused.status, refused.json()]).toEqual([403, expect.objectContaining({ code: 'WRITE_ACCESS_DENIED', message: 'Not allowed: devices anchor' })]);
      expect(await adminDirect.ok<unknown[]>('GET', `/api/permissions?deviceId=${device.id}&geofenceId=0`)).toEqual([]);
      expect((await geofencer.browser.call('POST', '/api/permissions/bulk', links.slice(0, 1))).status).toBe(204);
      expect((await nobody.browser.call('POST', '/api/permissions/bulk', links.slice(0, 1))).status).toBe(403);
    });

    it('a user without the attribute may write nothing; administrators still everything', async () => {
      const refused = await nobody.browser.call('POST', '/api/devices', newDevice());
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
      expect((await admin.call('POST', '/api/geofences', { name: unique('Admin '), area: 'CIRCLE (-23.5505 -46.6333, 100)' })).status).toBe(200);
    });
  });

  describe('each advanced permission bit, one at a time (paid edition, advanced permissions on)', () => {
    const BITS = permissionProbes(() => adminDirect);
    const probed = probedBits(BITS);
    const extraGateways: Array<{ close(): Promise<void> }> = [];
    let paid: Side;
    let free: Side;
    /** The gateway's own data (shares, reseller domains) on PostgreSQL, when CI provides one (TEST_DATABASE_URL). */
    let onPostgres: Side | null = null;
    let dropDatabase = async (): Promise<void> => undefined;

    /** A tracking-server user, created once (each costs a password hash): every row gives it the bits it needs anew. */
    interface Account {
      user: Json & { id: number };
      session: Browser;
      domain: string;
    }

    async function createAccount(): Promise<Account> {
      const email = `${unique('bits')}@policy.test`;
      // A manager of users, so that user writes reach the tracking server's own checks and pass them.
      const user = await adminDirect.ok<Json & { id: number }>('POST', '/api/users', { name: `Bits ${email}`, email, password: 'secret1', userLimit: 10, deviceLimit: -1 });
      return { user, session: await Browser.signIn(tracker.url, email, 'secret1'), domain: `${unique('bits')}.reseller.test` };
    }

    /** The account with these advanced permissions (null: none), a reseller or not, through one side, with a credential no gateway has cached. */
    async function actAs(account: Account, advancedPerms: string | null, reseller: boolean, side: Side): Promise<ProbeActor> {
      const attributes = {
        ...(advancedPerms === null ? {} : { 'rastro.advancedPerms': advancedPerms }),
        ...(reseller ? { 'rastro.reseller': true, 'rastro.resellerDomain': account.domain, 'rastro.canCreateSubResellers': true } : {}),
      };
      // The token may come first: whom it stands for is read when it is used.
      const [token] = await Promise.all([account.session.withNewToken(), adminDirect.ok('PUT', `/api/users/${account.user.id}`, { ...account.user, attributes })]);
      const browser = token.at(side.gateway.url);
      return { id: account.user.id, domain: account.domain, browser: reseller ? browser.on(account.domain) : browser };
    }

    async function setAdvancedPermissions(on: boolean): Promise<void> {
      const server = await adminDirect.ok<Json & { attributes: Json }>('GET', '/api/server');
      const body = { ...server, attributes: { ...server.attributes, 'rastro.enableAdvancedPerms': on } };
      // Through each paid gateway: each drops its cached copy of the server settings at once.
      for (const side of [paid, onPostgres]) if (side) await side.admin.ok('PUT', '/api/server', body);
    }

    async function expectRefused(label: string, { attempt, unchanged }: Attempt, browser: Browser): Promise<void> {
      const response = await attempt(browser);
      expect([label, response.status, codeOf(response)]).toEqual([label, 403, 'WRITE_ACCESS_DENIED']);
      if (unchanged) expect([label, await unchanged()]).toEqual([label, true]);
    }

    async function expectAllowed(label: string, { attempt, unchanged }: Attempt, browser: Browser): Promise<void> {
      const response = await attempt(browser);
      expect([label, response.status < 300 ? 'allowed' : `${response.status} ${response.text}`]).toEqual([label, 'allowed']);
      if (unchanged) expect([label, await unchanged()]).toEqual([label, false]);
    }

    /** The writes that need `bit`: its own, and any that need it besides theirs (a report, a sub-reseller). */
    const dependentsOf = (bit: Bit) => probed.filter(([other, probe]) => needsOf(other, probe).includes(bit));
    let without: Account;
    let alone: Account;

    /**
     * The row of bit B. With every bit but B, the writes that need B are refused and change nothing;
     * with only the bits B's own write needs, that write is allowed. Bits only ever allow, so every
     * other write (allowed alone with its own bits, its row shows) is allowed without B too: the
     * row says "refused exactly that write, allowed the others" without making every write per row.
     */
    async function runRow(bit: Bit, side: Side): Promise<void> {
      const own = BITS[bit] as Probe;
      const refused = dependentsOf(bit);
      const reseller = refused.some(([, probe]) => probe.reseller === true);
      const rowActors = () => Promise.all([actAs(without, allBut(bit), reseller, side), actAs(alone, onlyBits(needsOf(bit, own)), own.reseller === true, side)]);
      const setUpFirst = refused.some(([, probe]) => probe.ownMaking);
      const [setUp, setUpAlone] = setUpFirst ? await Promise.all([actAs(without, EVERY_BIT, reseller, side), actAs(alone, EVERY_BIT, own.reseller === true, side)]) : await rowActors();
      const [attempts, ownAttempt] = await Promise.all([Promise.all(refused.map(async ([other, probe]) => ({ other, attempt: await probe.prepare(setUp, side) }))), own.prepare(setUpAlone, side)]);
      const [cleared, only] = setUpFirst ? await rowActors() : [setUp, setUpAlone];
      await Promise.all([
        ...attempts.map(({ other, attempt }) => expectRefused(`without ${bit}: ${other}`, attempt, cleared.browser)),
        expectAllowed(`only ${needsOf(bit, own).join(' + ')}: ${bit}`, ownAttempt, only.browser),
      ]);
    }

    const startSide = async (options: Partial<GatewayOptions>): Promise<Side> => {
      const started = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, webRoot: '/nonexistent', logger: false, serviceAccount: { user: demoAccount.email, password: demoAccount.password }, ...options });
      extraGateways.push(started);
      return { gateway: started, admin: adminDirect.at(started.url) };
    };

    beforeAll(async () => {
      paid = { gateway, admin };
      const serverUrl = process.env.TEST_DATABASE_URL;
      const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
      if (scratch) dropDatabase = scratch.drop;
      [free, onPostgres, without, alone] = await Promise.all([
        startSide({ edition: 'free' }),
        scratch ? startSide({ databaseUrl: scratch.url }) : null,
        createAccount(),
        createAccount(),
      ]);
      await setAdvancedPermissions(true);
    }, 60_000);

    afterAll(async () => {
      await setAdvancedPermissions(false);
      for (const started of extraGateways) await started.close();
      await dropDatabase();
    });

    const rowTitle = (bit: Bit) => {
      const also = dependentsOf(bit).filter(([other]) => other !== bit).map(([other]) => other);
      return `bit ${numberOf(bit)} ${bit}: without it refused${also.length ? ` (with ${also.join(', ')})` : ''}, with only it allowed`;
    };

    it.each(probed.map(([bit]) => [rowTitle(bit), bit] as const))('%s', (_title, bit) => runRow(bit, paid));

    it('free edition (RASTRO_EDITION=free): advanced permissions do not apply, a user without any makes every write (SPEC §6)', async () => {
      const actor = await actAs(await createAccount(), null, true, free);
      const attempts = await Promise.all(probed.map(async ([bit, probe]) => ({ bit, attempt: await probe.prepare(actor, free) })));
      await Promise.all(attempts.map(({ bit, attempt }) => expectAllowed(`free: ${bit}`, attempt, actor.browser)));
    });

    /** A few rows again with the gateway's own data on PostgreSQL: devices, anchors, shares, reports, reseller domains. */
    const POSTGRES_BITS: readonly Bit[] = ['devices.create', 'devices.anchor', 'shares.delete', 'reports.history', 'reseller.subReseller'];
    (process.env.TEST_DATABASE_URL ? it.each : it.skip.each)(POSTGRES_BITS.map((bit) => [rowTitle(bit), bit] as const))('gateway on PostgreSQL: %s', (_title, bit) =>
      runRow(bit, onPostgres as Side),
    );
  });

  describe('device limits (SPEC §5)', () => {
    it("stop at the user's own deviceLimit, counting the devices that user sees", async () => {
      const limited = await createUser('limited', { deviceLimit: 2 });
      expect((await limited.browser.call('POST', '/api/devices', newDevice())).status).toBe(200);
      expect((await limited.browser.call('POST', '/api/devices', newDevice())).status).toBe(200);
      const before = (await allDevices()).length;
      const third = await limited.browser.call('POST', '/api/devices', newDevice());
      expect(third.status).toBe(400);
      expect(third.json()).toMatchObject({ code: 'USER_DEVICE_LIMIT_REACHED' });
      expect((await allDevices()).length).toBe(before);
    });

    it('stop at the server attribute rastro.deviceLimit, counting every device', async () => {
      const count = (await allDevices()).length;
      await updateServerAttributes({ 'rastro.deviceLimit': count + 1 });
      try {
        expect((await admin.call('POST', '/api/devices', newDevice())).status).toBe(200);
        const over = await users.user!.browser.call('POST', '/api/devices', newDevice());
        expect(over.status).toBe(400);
        expect(over.json()).toMatchObject({ code: 'USER_DEVICE_LIMIT_REACHED' });
        expect((await allDevices()).length).toBe(count + 1);
      } finally {
        await updateServerAttributes({ 'rastro.deviceLimit': undefined });
      }
    });

    it('stop at the licence limit, which GET /api/server announces as the remaining allowance', async () => {
      const count = (await allDevices()).length;
      const licensed = await startGateway({
        port: 0,
        host: '127.0.0.1',
        traccarUrl: tracker.url,
        webRoot: '/nonexistent',
        logger: false,
        serviceAccount: { user: demoAccount.email, password: demoAccount.password },
        licenseDeviceLimit: count + 1,
      });
      try {
        const licensedAdmin = await Browser.signIn(licensed.url, demoAccount.email, demoAccount.password);
        const allowance = async () => (await send(`${licensed.url}/api/server`)).headers[DEVICE_LIMIT_HEADER.toLowerCase()];
        expect(await allowance()).toBe('1');
        expect((await licensedAdmin.call('POST', '/api/devices', newDevice())).status).toBe(200);
        expect(await allowance()).toBe('0');
        const over = await licensedAdmin.call('POST', '/api/devices', newDevice());
        expect(over.status).toBe(400);
        expect(over.json()).toMatchObject({ code: 'USER_DEVICE_LIMIT_REACHED' });
        expect((await allDevices()).length).toBe(count + 1);
      } finally {
        await licensed.close();
      }
    }, 30_000);
  });

  describe("a reseller's limits (SPEC §3: over its whole tree)", () => {
    const DOMAIN = 'limits.reseller.test';
    let reseller: { id: number; browser: Browser };
    /** The reseller's users and devices as the tracking server has them. */
    const userNamed = async (email: string) => (await adminDirect.ok<Array<{ email: string }>>('GET', '/api/users')).some((user) => user.email === email);

    beforeAll(async () => {
      reseller = await createUser('limitreseller', { userLimit: 10, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': DOMAIN } });
      reseller = { ...reseller, browser: reseller.browser.on(DOMAIN) };
      await admin.ok('PUT', `/rastro/resellers/${DOMAIN}`, { ownerUserId: reseller.id, deviceLimit: 3, userLimit: 1 });
    });

    it('stop user creation at the user limit, and device creation at the device limit counting every user of the tree', async () => {
      const customerEmail = `${unique('customer')}@policy.test`;
      const made = await reseller.browser.ok<{ id: number }>('POST', '/api/users', { name: 'Customer', email: customerEmail, password: 'secret1' });
      // A manager's new user may own no device (Traccar's `new User()`); only an administrator lifts that.
      await admin.ok('PUT', `/api/users/${made.id}`, { ...(await admin.ok<Json>('GET', `/api/users/${made.id}`)), deviceLimit: -1 });
      const secondEmail = `${unique('second')}@policy.test`;
      const second = await reseller.browser.call('POST', '/api/users', { name: 'Second', email: secondEmail, password: 'secret1' });
      expect(second.status).toBe(403);
      expect(second.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
      expect(await userNamed(secondEmail)).toBe(false);

      const customer = (await Browser.signIn(gateway.url, customerEmail, 'secret1')).on(DOMAIN);
      expect((await reseller.browser.call('POST', '/api/devices', newDevice())).status).toBe(200);
      expect((await customer.call('POST', '/api/devices', newDevice())).status).toBe(200);
      expect((await reseller.browser.call('POST', '/api/devices', newDevice())).status).toBe(200);
      const before = (await allDevices()).length;
      const fourth = newDevice();
      const over = await customer.call('POST', '/api/devices', fourth);
      expect(over.status).toBe(400);
      expect(over.json()).toMatchObject({ code: 'USER_DEVICE_LIMIT_REACHED' });
      // Wherever the customer signs in: the limit belongs to the tree, not to the domain.
      expect((await customer.on('elsewhere.test').call('POST', '/api/devices', fourth)).status).toBe(400);
      expect((await allDevices()).length).toBe(before);

      // Through the reseller's domain, even a user outside its tree is held to it; elsewhere not.
      expect((await users.user!.browser.on(DOMAIN).call('POST', '/api/devices', newDevice())).status).toBe(400);
      expect((await users.user!.browser.call('POST', '/api/devices', newDevice())).status).toBe(200);

      // A device deleted (hence freed) makes room for exactly one more.
      const own = await reseller.browser.ok<Array<{ id: number }>>('GET', '/api/devices');
      expect((await reseller.browser.call('DELETE', `/api/devices/${own[0]!.id}`)).status).toBeLessThan(300);
      expect((await customer.call('POST', '/api/devices', fourth)).status).toBe(200);
      expect((await customer.call('POST', '/api/devices', newDevice())).status).toBe(400);
    });

    it("count a sub-reseller's tree against its parent's limit", async () => {
      const parentDomain = 'parent.limits.test';
      const parent = await createUser('parentreseller', { userLimit: 10, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': parentDomain, 'rastro.canCreateSubResellers': true } });
      await admin.ok('PUT', `/rastro/resellers/${parentDomain}`, { ownerUserId: parent.id, deviceLimit: 2, userLimit: 5 });
      const subEmail = `${unique('subreseller')}@policy.test`;
      const sub = await parent.browser.ok<{ id: number }>('POST', '/api/users', { name: 'Sub Reseller', email: subEmail, password: 'secret1' });
      // Only an administrator makes it a reseller, a manager (a user limit) of its own customers, and lets it own devices.
      await admin.ok('PUT', `/api/users/${sub.id}`, { ...(await admin.ok<Json>('GET', `/api/users/${sub.id}`)), userLimit: 5, deviceLimit: -1, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': 'sub.limits.test' } });
      await parent.browser.on(parentDomain).ok('PUT', '/rastro/resellers/sub.limits.test', { ownerUserId: sub.id, deviceLimit: 2, userLimit: 1 });
      const subBrowser = (await Browser.signIn(gateway.url, subEmail, 'secret1')).on('sub.limits.test');

      expect((await parent.browser.call('POST', '/api/devices', newDevice())).status).toBe(200);
      expect((await subBrowser.call('POST', '/api/devices', newDevice())).status).toBe(200);
      // The sub-reseller has room of its own (1 of 2), its parent's tree has none (2 of 2).
      const over = await subBrowser.call('POST', '/api/devices', newDevice());
      expect(over.status).toBe(400);
      expect(over.json<{ message: string }>().message).toContain(parentDomain);
    });
    it('count the devices the tree sees through its groups, once, and refuse linking a device past the limit', async () => {
      const domain = 'groups.limits.test';
      const owner = await createUser('groupreseller', { userLimit: 10, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': domain } });
      await admin.ok('PUT', `/rastro/resellers/${domain}`, { ownerUserId: owner.id, deviceLimit: 3, userLimit: 5 });
      const ownerBrowser = owner.browser.on(domain);
      // A group with a subgroup: `direct` is in the subgroup and linked to the reseller too, `grouped` only through the group.
      const fleet = await admin.ok<{ id: number }>('POST', '/api/groups', { name: unique('Fleet ') });
      const subFleet = await admin.ok<{ id: number }>('POST', '/api/groups', { name: unique('Sub fleet '), groupId: fleet.id });
      const direct = await admin.ok<{ id: number }>('POST', '/api/devices', { ...newDevice(), groupId: subFleet.id });
      await admin.ok('POST', '/api/devices', { ...newDevice(), groupId: fleet.id });
      await admin.ok('POST', '/api/permissions', { userId: owner.id, groupId: fleet.id });
      await admin.ok('POST', '/api/permissions', { userId: owner.id, deviceId: direct.id });

      // Two seen (the directly linked one once), so one more fits, and then no more.
      expect((await ownerBrowser.call('POST', '/api/devices', newDevice())).status).toBe(200);
      const over = await ownerBrowser.call('POST', '/api/devices', newDevice());
      expect(over.status).toBe(400);
      expect(over.json()).toMatchObject({ code: 'USER_DEVICE_LIMIT_REACHED' });

      // A manager above the reseller links one of its own devices, or a group of them, to the full tree: refused, nothing linked.
      const manager = await createUser('treemanager', { userLimit: 10 });
      await admin.ok('POST', '/api/permissions', { userId: manager.id, managedUserId: owner.id });
      const foreign = await manager.browser.ok<{ id: number }>('POST', '/api/devices', newDevice());
      const ownerSees = async () => (await adminDirect.ok<Array<{ id: number }>>('GET', `/api/devices?userId=${owner.id}`)).map((device) => device.id);
      const refused = await manager.browser.call('POST', '/api/permissions', { userId: owner.id, deviceId: foreign.id });
      expect(refused.status).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'USER_DEVICE_LIMIT_REACHED' });
      expect(await ownerSees()).not.toContain(foreign.id);
      const managerFleet = await manager.browser.ok<{ id: number }>('POST', '/api/groups', { name: unique('Manager fleet ') });
      await manager.browser.ok('PUT', `/api/devices/${foreign.id}`, { ...(await adminDirect.ok<Json>('GET', `/api/devices/${foreign.id}`)), groupId: managerFleet.id });
      const refusedGroup = await manager.browser.call('POST', '/api/permissions', { userId: owner.id, groupId: managerFleet.id });
      expect(refusedGroup.status).toBe(400);
      expect((await adminDirect.ok<Array<{ id: number }>>('GET', `/api/groups?userId=${owner.id}`)).map((group) => group.id)).not.toContain(managerFleet.id);

      // A device the tree already sees adds nothing; the installation's administrators are not held to a reseller's limit.
      expect((await manager.browser.call('POST', '/api/permissions', { userId: owner.id, deviceId: direct.id })).status).toBeLessThan(300);
      expect((await admin.call('POST', '/api/permissions', { userId: owner.id, deviceId: foreign.id })).status).toBeLessThan(300);
      expect(await ownerSees()).toContain(foreign.id);
    });

    it('count the devices of a bulk link together: two that do not both fit are refused whole', async () => {
      const domain = 'bulk.limits.test';
      const owner = await createUser('bulkreseller', { userLimit: 10, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': domain } });
      await admin.ok('PUT', `/rastro/resellers/${domain}`, { ownerUserId: owner.id, deviceLimit: 2, userLimit: 5 });
      await deviceOf(owner.id);
      const manager = await createUser('bulkmanager', { userLimit: 10 });
      await admin.ok('POST', '/api/permissions', { userId: manager.id, managedUserId: owner.id });
      const made = [await manager.browser.ok<{ id: number }>('POST', '/api/devices', newDevice()), await manager.browser.ok<{ id: number }>('POST', '/api/devices', newDevice())];
      const ids = made.map((device) => device.id);
      const ownerSees = async () => (await adminDirect.ok<Array<{ id: number }>>('GET', `/api/devices?userId=${owner.id}`)).map((device) => device.id).filter((id) => ids.includes(id));
      // Each alone would fit in the one free place.
      const refused = await manager.browser.call('POST', '/api/permissions/bulk', ids.map((deviceId) => ({ userId: owner.id, deviceId })));
      expect([refused.status, refused.json()]).toEqual([400, expect.objectContaining({ code: 'USER_DEVICE_LIMIT_REACHED' })]);
      expect(await ownerSees()).toEqual([]);
      expect((await manager.browser.call('POST', '/api/permissions/bulk', [{ userId: owner.id, deviceId: ids[0] }])).status).toBe(204);
      expect(await ownerSees()).toEqual(ids.slice(0, 1));
    });
  });

  describe('creations at the same instant through two gateways sharing one PostgreSQL', () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    // PGlite is one process's database: only PostgreSQL is shared by several gateways.
    const test = serverUrl ? it : it.skip;

    test("stop exactly at a reseller's device limit", async () => {
      const scratch = await createScratchDatabase(serverUrl as string);
      const options = { port: 0, host: '127.0.0.1', traccarUrl: tracker.url, webRoot: '/nonexistent', logger: false, serviceAccount: { user: demoAccount.email, password: demoAccount.password }, databaseUrl: scratch.url };
      const gateways = [await startGateway(options), await startGateway(options)];
      try {
        const domain = 'twins.reseller.test';
        const racer = await createUser('twinracer', { userLimit: 1, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': domain } });
        await admin.at(gateways[0]!.url).ok('PUT', `/rastro/resellers/${domain}`, { ownerUserId: racer.id, deviceLimit: 3 });
        const attempts = Array.from({ length: 10 }, () => newDevice());
        const responses = await Promise.all(attempts.map((device, index) => racer.browser.at(gateways[index % 2]!.url).call('POST', '/api/devices', device)));
        expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
        expect(responses.filter((response) => response.status !== 200).every((response) => response.json<{ code: string }>().code === 'USER_DEVICE_LIMIT_REACHED')).toBe(true);
        const stored = new Set((await allDevices()).map((device) => device.uniqueId));
        expect(attempts.filter((device) => stored.has(device.uniqueId))).toHaveLength(3);
      } finally {
        for (const running of gateways) await running.close();
        await scratch.drop();
      }
    }, 30_000);
  });

  describe('creations at the same instant (one limit owner at a time)', () => {
    const CONCURRENT = 8;
    const createdOf = (responses: RawResponse[]) => responses.filter((response) => response.status === 200).length;

    it("stop exactly at a reseller's device limit", async () => {
      const domain = 'race.reseller.test';
      const racer = await createUser('racer', { userLimit: 1, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': domain } });
      await admin.ok('PUT', `/rastro/resellers/${domain}`, { ownerUserId: racer.id, deviceLimit: 3 });
      const attempts = Array.from({ length: CONCURRENT }, () => newDevice());
      const responses = await Promise.all(attempts.map((device) => racer.browser.call('POST', '/api/devices', device)));
      expect(createdOf(responses)).toBe(3);
      expect(responses.filter((response) => response.status === 400).every((response) => response.json<{ code: string }>().code === 'USER_DEVICE_LIMIT_REACHED')).toBe(true);
      const stored = new Set((await allDevices()).map((device) => device.uniqueId));
      expect(attempts.filter((device) => stored.has(device.uniqueId))).toHaveLength(3);
    });

    it('stop exactly at the server attribute rastro.deviceLimit', async () => {
      const count = (await allDevices()).length;
      await updateServerAttributes({ 'rastro.deviceLimit': count + 2 });
      try {
        const responses = await Promise.all(Array.from({ length: CONCURRENT }, () => admin.call('POST', '/api/devices', newDevice())));
        expect(createdOf(responses)).toBe(2);
        expect((await allDevices()).length).toBe(count + 2);
      } finally {
        await updateServerAttributes({ 'rastro.deviceLimit': undefined });
      }
    });
  });

  it('GET /api/server names the edition and, without a licence limit, an unlimited allowance', async () => {
    const server = await send(`${gateway.url}/api/server`);
    expect(server.status).toBe(200);
    expect(server.headers[EDITION_HEADER.toLowerCase()]).toBe('paid');
    expect(server.headers[DEVICE_LIMIT_HEADER.toLowerCase()]).toBe('-1');
    expect(server.headers['access-control-expose-headers']).toContain(EDITION_HEADER);
    expect(server.json()).toHaveProperty('id');
  });

  describe('safe-mode deletion (server attribute rastro.safeDelete)', () => {
    beforeAll(() => updateServerAttributes({ 'rastro.safeDelete': true }));
    afterAll(() => updateServerAttributes({ 'rastro.safeDelete': undefined }));

    it('renames the device instead of deleting it, and hides it from device lists', async () => {
      const device = await deviceOf(users.user!.id);
      const deleted = await users.user!.browser.call('DELETE', `/api/devices/${device.id}`);
      expect(deleted.status).toBe(204);

      const kept = await adminDirect.ok<{ uniqueId: string }>('GET', `/api/devices/${device.id}`);
      expect(kept.uniqueId).toMatch(new RegExp(`^deleted-${device.uniqueId as string}-\\d+$`));
      const listed = await users.user!.browser.ok<Array<{ id: number }>>('GET', '/api/devices');
      expect(listed.map((listedDevice) => listedDevice.id)).not.toContain(device.id);
      expect((await admin.ok<Array<{ id: number }>>('GET', '/api/devices?all=true')).map((listedDevice) => listedDevice.id)).not.toContain(device.id);
    });

    it('hides the device everywhere: 404 by id, out of positions, reports and socket messages', async () => {
      const report = async (uniqueId: string, at: Date, lat = '-23.55') => {
        const query = new URLSearchParams({ id: uniqueId, lat, lon: '-46.63', timestamp: at.toISOString() });
        expect((await fetch(`${tracker.osmandUrl}/?${query.toString()}`)).status).toBe(200);
      };
      const owner = await createUser('hider', {});
      const gone = await deviceOf(owner.id);
      const kept = await deviceOf(owner.id);
      const from = new Date(Date.now() - 60_000);
      await report(gone.uniqueId as string, new Date(Date.now() - 30_000));
      await report(kept.uniqueId as string, new Date(Date.now() - 30_000));
      expect((await owner.browser.call('DELETE', `/api/devices/${gone.id}`)).status).toBe(204);
      const renamed = (await adminDirect.ok<{ uniqueId: string }>('GET', `/api/devices/${gone.id}`)).uniqueId;

      const byId = await owner.browser.call('GET', `/api/devices/${gone.id}`);
      expect(byId.status).toBe(404);
      expect(byId.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect((await owner.browser.call('GET', `/api/devices/${kept.id}`)).status).toBe(200);
      const latest = await owner.browser.ok<Array<{ deviceId: number }>>('GET', '/api/positions');
      expect(latest.map((position) => position.deviceId)).toEqual([kept.id]);
      const range = `from=${from.toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
      const route = await owner.browser.ok<Array<{ deviceId: number }>>('GET', `/api/reports/route?deviceId=${gone.id}&deviceId=${kept.id}&${range}`);
      expect(route.length).toBeGreaterThan(0);
      expect(route.every((position) => position.deviceId === kept.id)).toBe(true);

      const socket = await openSocket(`${gateway.url.replace('http', 'ws')}/api/socket`, { cookie: owner.browser.cookie });
      try {
        // The hidden device reports first: by the time the visible one's position arrives, the hidden one's would have.
        await report(renamed, new Date());
        await report(kept.uniqueId as string, new Date(), '-23.56');
        const seen: Array<{ deviceId?: number; latitude?: number }> = [];
        for (;;) {
          const message = await socket.next<Record<string, Array<{ deviceId?: number; id?: number; latitude?: number }>>>();
          seen.push(...(message.positions ?? []), ...(message.events ?? []), ...(message.devices ?? []).map((device) => ({ deviceId: device.id })));
          if ((message.positions ?? []).some((position) => position.deviceId === kept.id && position.latitude === -23.56)) break;
        }
        expect(seen.map((record) => record.deviceId)).not.toContain(gone.id);
      } finally {
        socket.socket.close();
      }
    });

    it('tells the open browsers that saw the device that it is gone (a devices message the stores drop it on), and nobody else', async () => {
      const owner = await createUser('watcher', {});
      const stranger = await createUser('stranger', {});
      const gone = await deviceOf(owner.id);
      const strangers = await deviceOf(stranger.id);
      const socketOf = (browser: Browser) => openSocket(`${gateway.url.replace('http', 'ws')}/api/socket`, { cookie: browser.cookie });
      const [watching, elsewhere] = await Promise.all([socketOf(owner.browser), socketOf(stranger.browser)]);
      try {
        await Promise.all([watching.next(), elsewhere.next()]);
        expect((await owner.browser.call('DELETE', `/api/devices/${gone.id}`)).status).toBe(204);
        // Other news (a fix, an event) may come first on a busy server: the devices message is what counts.
        let told = socketMessageSchema.parse(await watching.next());
        while (!told.devices) told = socketMessageSchema.parse(await watching.next());
        expect(told.devices?.map((device) => [device.id, isSoftDeletedUniqueId(device.uniqueId)])).toEqual([[gone.id, true]]);
        // Told in the same breath as the watcher, the stranger would have had it before a fix of its own device.
        await fetch(`${tracker.osmandUrl}/?${new URLSearchParams({ id: strangers.uniqueId as string, lat: '-23.55', lon: '-46.63', timestamp: new Date().toISOString() }).toString()}`);
        for (;;) {
          const message = socketMessageSchema.parse(await elsewhere.next());
          expect((message.devices ?? []).map((device) => device.id)).not.toContain(gone.id);
          if (message.positions?.some((position) => position.deviceId === strangers.id)) break;
        }
      } finally {
        watching.socket.close();
        elsewhere.socket.close();
      }
    });

    it('still applies the policy first, and the tracking server still checks access', async () => {
      const device = await deviceOf(users.deviceReadonly!.id);
      expect((await users.deviceReadonly!.browser.call('DELETE', `/api/devices/${device.id}`)).status).toBe(403);
      const foreign = await admin.ok<{ id: number; uniqueId: string }>('POST', '/api/devices', newDevice());
      expect((await users.user!.browser.call('DELETE', `/api/devices/${foreign.id}`)).status).toBeGreaterThanOrEqual(400);
      expect((await adminDirect.ok<{ uniqueId: string }>('GET', `/api/devices/${foreign.id}`)).uniqueId).toBe(foreign.uniqueId);
    });
  });
});
