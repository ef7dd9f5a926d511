import type { OutgoingHttpHeaders } from 'node:http';
import type { Database } from '@rastro/db';
import { QR_ACCESS_ATTRIBUTE } from '@rastro/shared/contract';
import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { startGateway, type RunningGateway } from '../gateway';
import { PRODUCT_CALLERS, type ProductCallers } from '../product/product-routes';
import { openGatewayDatabase } from '../store/gateway-database';
import { sendRaw, type RawResponse } from '../test-support/http';
import { Browser, unique, type Json } from '../test-support/policy-browser';
import { plausibleRequest, routesOf, type FuzzRoute } from '../test-support/schema-fuzz';
import { REPORT_KINDS } from './report-reads';
import { WRITE_ROUTES, type WriteRoute } from './write-routes';

/**
 * The hostile-request suite (issue 14): what an attacker sends instead of the plain request. Every
 * case is generated from the policy's own tables (WRITE_ROUTES, REPORT_KINDS, the product API's
 * OpenAPI document), so a route added there is attacked here the day it is added — and a write
 * route without a fixture below fails the suite until it has one.
 *
 * Against the real tracker; every refused write is checked against the data, read back as the
 * administrator straight from the tracker (or, for what stores nothing — a command, accumulators —
 * against the gateway's audit log, which records every write that went through).
 */

const PASSWORD = 'secret1';
const CIRCLE = 'CIRCLE (-23.5505 -46.6333, 100)';
const ICALENDAR = Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n').toString('base64');
const slug = (name: string) => name.replace(/\W/g, '');
const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** Who makes a write: a signed-in user (cookie and password known), or nobody. */
interface Actor {
  id: number;
  email: string;
  cookie: string;
}

/** A write ready to make: path, body, and whether the tracker's data is still as before. */
interface Target {
  path: string;
  body?: unknown;
  unchanged(): Promise<boolean>;
}

/** How the suite reaches the gateway, the tracker behind it, and its administrator. */
interface World {
  gateway: RunningGateway;
  /** The gateway's own tables, read back after refused product writes. */
  db: Database;
  adminId: number;
  admin: Browser;
  adminDirect: Browser;
}

/** A saved-entity collection: how to make one, and the field that recognises it. */
interface EntityRecipe {
  /** The `…Id` key linking one to a user. */
  key: string;
  body(mark: string): Json;
  mark(entity: Json): unknown;
}

const byName = (entity: Json) => entity.name;
const byDescription = (entity: Json) => entity.description;

/** Every collection a write route names; a new collection in WRITE_ROUTES needs its recipe here. */
const ENTITIES: Readonly<Record<string, EntityRecipe>> = {
  '/api/devices': { key: 'deviceId', body: (name) => ({ name, uniqueId: slug(name) }), mark: byName },
  '/api/users': { key: 'managedUserId', body: (name) => ({ name, email: `${slug(name)}@hostile.test`, password: PASSWORD }), mark: byName },
  '/api/geofences': { key: 'geofenceId', body: (name) => ({ name, area: CIRCLE }), mark: byName },
  '/api/groups': { key: 'groupId', body: (name) => ({ name }), mark: byName },
  '/api/notifications': { key: 'notificationId', body: (marker) => ({ type: 'deviceOnline', notificators: 'web', always: false, attributes: { marker } }), mark: (entity) => (entity.attributes as Json).marker },
  '/api/commands': { key: 'commandId', body: (description) => ({ description, type: 'custom', attributes: { data: 'saved' } }), mark: byDescription },
  '/api/attributes/computed': { key: 'attributeId', body: (description) => ({ description, attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number' }), mark: byDescription },
  '/api/drivers': { key: 'driverId', body: (name) => ({ name, uniqueId: slug(name) }), mark: byName },
  '/api/calendars': { key: 'calendarId', body: (name) => ({ name, data: ICALENDAR }), mark: byName },
  '/api/maintenance': { key: 'maintenanceId', body: (name) => ({ name, type: 'totalDistance', start: 0, period: 10_000 }), mark: byName },
};

type Prepare = (world: World, actor: Actor | null) => Promise<Target>;

/** An object the administrator makes and links to the actor, so the actor may reach it. */
async function owned(world: World, actor: Actor | null, collection: string, recipe: EntityRecipe): Promise<Json & { id: number }> {
  const entity = await world.admin.ok<Json & { id: number }>('POST', collection, recipe.body(unique('Own ')));
  if (actor && actor.id !== world.adminId) await world.admin.ok('POST', '/api/permissions', { userId: actor.id, [recipe.key]: entity.id });
  return entity;
}

/** The gateway's audit rows about a device: a write that went through leaves one, a refused one none. */
const deviceLogCount = async (world: World, deviceId: number) => (await world.admin.ok<{ items: unknown[] }>('GET', `/rastro/devices/${deviceId}/logs?limit=200`)).items.length;

/** The fixture of an entity route: create, edit or delete in its collection. */
function entityFixture(route: WriteRoute): Prepare | undefined {
  const withId = /^(.*)\/:id$/.exec(route.pattern);
  const collection = withId ? (withId[1] as string) : route.pattern;
  const recipe = ENTITIES[collection];
  if (!recipe) return undefined;
  const listed = async (world: World, mark: string) => (await world.adminDirect.ok<Json[]>('GET', `${collection}?all=true`)).some((entity) => recipe.mark(entity) === mark);
  if (route.method === 'POST' && !withId) {
    return async (world) => {
      const mark = unique('Made ');
      return { path: collection, body: recipe.body(mark), unchanged: async () => !(await listed(world, mark)) };
    };
  }
  if (route.method === 'PUT' && withId) {
    return async (world, actor) => {
      const entity = await owned(world, actor, collection, recipe);
      const path = `${collection}/${entity.id}`;
      return { path, body: { ...entity, ...recipe.body(unique('Renamed ')) }, unchanged: async () => recipe.mark(await world.adminDirect.ok<Json>('GET', path)) === recipe.mark(entity) };
    };
  }
  if (route.method === 'DELETE' && withId) {
    return async (world, actor) => {
      const entity = await owned(world, actor, collection, recipe);
      const path = `${collection}/${entity.id}`;
      return { path, unchanged: async () => (await world.adminDirect.call('GET', path)).status === 200 };
    };
  }
  return undefined;
}

/** A device and a geofence the actor reaches, and whether the two are linked. */
async function deviceAndGeofence(world: World, actor: Actor | null, linked: boolean) {
  const device = await owned(world, actor, '/api/devices', ENTITIES['/api/devices']!);
  const geofence = await owned(world, actor, '/api/geofences', ENTITIES['/api/geofences']!);
  const link = { deviceId: device.id, geofenceId: geofence.id };
  if (linked) await world.admin.ok('POST', '/api/permissions', link);
  const isLinked = async () => (await world.adminDirect.ok<Array<{ id: number }>>('GET', `/api/geofences?deviceId=${device.id}`)).some((found) => found.id === geofence.id);
  return { link, isLinked };
}

/** Write routes that are not an entity's create, edit or delete. */
const SPECIAL: Readonly<Record<string, Prepare>> = {
  'PUT /api/devices/:id/accumulators': async (world, actor) => {
    const device = await owned(world, actor, '/api/devices', ENTITIES['/api/devices']!);
    const rows = await deviceLogCount(world, device.id);
    return { path: `/api/devices/${device.id}/accumulators`, body: { deviceId: device.id, totalDistance: 123_456, hours: 0 }, unchanged: async () => (await deviceLogCount(world, device.id)) === rows };
  },
  'POST /api/commands/send': async (world, actor) => {
    const device = await owned(world, actor, '/api/devices', ENTITIES['/api/devices']!);
    const rows = await deviceLogCount(world, device.id);
    // The worst of them: stopping someone's engine.
    return { path: '/api/commands/send', body: { deviceId: device.id, type: 'engineStop' }, unchanged: async () => (await deviceLogCount(world, device.id)) === rows };
  },
  'POST /api/permissions': async (world, actor) => {
    const { link, isLinked } = await deviceAndGeofence(world, actor, false);
    return { path: '/api/permissions', body: link, unchanged: async () => !(await isLinked()) };
  },
  'DELETE /api/permissions': async (world, actor) => {
    const { link, isLinked } = await deviceAndGeofence(world, actor, true);
    return { path: '/api/permissions', body: link, unchanged: isLinked };
  },
  // Two items, each judged as the single link: a refusal must leave both as they were (the
  // tracking server alone would keep the first when it refuses the second).
  'POST /api/permissions/bulk': async (world, actor) => {
    const pairs = [await deviceAndGeofence(world, actor, false), await deviceAndGeofence(world, actor, false)];
    const noneLinked = async () => !(await Promise.all(pairs.map((pair) => pair.isLinked()))).includes(true);
    return { path: '/api/permissions/bulk', body: pairs.map((pair) => pair.link), unchanged: noneLinked };
  },
  'DELETE /api/permissions/bulk': async (world, actor) => {
    const pairs = [await deviceAndGeofence(world, actor, true), await deviceAndGeofence(world, actor, true)];
    const allLinked = async () => !(await Promise.all(pairs.map((pair) => pair.isLinked()))).includes(false);
    return { path: '/api/permissions/bulk', body: pairs.map((pair) => pair.link), unchanged: allLinked };
  },
  // "Log in as" a user made for the attempt: refused, no session of the actor names that user.
  'POST /api/session/:id': async (world, actor) => {
    const target = await world.admin.ok<{ id: number }>('POST', '/api/users', ENTITIES['/api/users']!.body(unique('Posed as ')));
    return {
      path: `/api/session/${target.id}`,
      unchanged: async () => {
        if (!actor) return true;
        const session = await sendRaw(world.gateway.url, '/api/session', { method: 'GET', headers: { accept: 'application/json', cookie: actor.cookie } });
        return session.status !== 200 || (JSON.parse(session.body.toString()) as { id: number }).id !== target.id;
      },
    };
  },
  'PUT /api/server': async (world) => {
    const server = await world.adminDirect.ok<Json & { attributes: Json }>('GET', '/api/server');
    const marker = unique('hostile ');
    return {
      path: '/api/server',
      body: { ...server, attributes: { ...server.attributes, hostileMarker: marker } },
      unchanged: async () => (await world.adminDirect.ok<{ attributes: Json }>('GET', '/api/server')).attributes.hostileMarker !== marker,
    };
  },
};

const routeName = (route: WriteRoute) => `${route.method} ${route.pattern}`;
const fixtureOf = (route: WriteRoute): Prepare | undefined => SPECIAL[routeName(route)] ?? entityFixture(route);

/**
 * The spellings of a path a lenient server reads as the same resource (Jetty, the tracker's router):
 * each must be refused with 400 before the policy or the tracking server sees it. `caseOf: 'prefix'`
 * changes the case of the first segment only (the product API: the gateway's own router matches the
 * rest case-sensitively, so another case there is another, unknown, route — judged and served alike).
 */
function hostileSpellings(path: string, caseOf: 'every segment' | 'prefix' = 'every segment'): string[] {
  const segments = path.slice(1).split('/');
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const at = (index: number, segment: string) => join(segments.map((part, i) => (i === index ? segment : part)));
  const prefix = segments[0] as string;
  const encodeFirst = (segment: string) => `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}`;
  const spellings = new Set<string>([
    `/${path}`,
    `${path}/`,
    `${path}//`,
    join([prefix, '.', ...segments.slice(1)]),
    join([prefix, 'x', '..', ...segments.slice(1)]),
    join([prefix, 'x', '%2e%2e', ...segments.slice(1)]),
    join([prefix, 'x', '%2E%2E', ...segments.slice(1)]),
    join(['x', '..', ...segments]),
    `${path}/.`,
    at(1, `${segments[1]};jsessionid=x`),
    at(0, `${prefix}\\`),
    `${path}%2F`,
    join([segments[0] as string, '', ...segments.slice(1)]),
  ]);
  segments.forEach((segment, index) => {
    spellings.add(at(index, encodeFirst(segment)));
    spellings.add(at(index, encodeURIComponent(encodeFirst(segment))));
    if (!/[a-z]/.test(segment) || (caseOf === 'prefix' && index > 0)) return;
    spellings.add(at(index, segment.toUpperCase()));
    spellings.add(at(index, segment[0]!.toUpperCase() + segment.slice(1)));
  });
  spellings.delete(path);
  return [...spellings];
}

/** The SPEC §8 code of a JSON refusal (the suspension notice keeps its code under `error`), else null. */
function codeOf(response: RawResponse): string | null {
  if (!response.headers['content-type']?.includes('json')) return null;
  const body = response.json<{ code?: string; error?: { code?: string } }>();
  return body.code ?? body.error?.code ?? null;
}

describe('hostile requests: what an attacker sends instead of the plain request is refused, and nothing changes', () => {
  let tracker: RunningTracker;
  const world = {} as World;

  interface Person extends Actor {
    password: string;
  }

  async function person(name: string, fields: Json): Promise<Person> {
    const email = `${unique(name)}@hostile.test`;
    // Unlimited devices unless a role says otherwise: the matrix is about roles, and a new user's
    // default (Traccar's deviceLimit 0) would refuse every device creation for its own reason.
    const created = await world.admin.ok<{ id: number }>('POST', '/api/users', { name: `Hostile ${name}`, email, password: PASSWORD, deviceLimit: -1, ...fields });
    const browser = await Browser.signIn(world.gateway.url, email, PASSWORD);
    return { id: created.id, email, password: PASSWORD, cookie: browser.cookie };
  }

  /** A write as `headers` say (credentials and all), on a path written exactly as given. */
  const attempt = (method: string, path: string, body: unknown, headers: OutgoingHttpHeaders) =>
    sendRaw(world.gateway.url, path, {
      method,
      headers: { accept: 'application/json', ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function setAdvancedPermissions(on: boolean): Promise<void> {
    const server = await world.admin.ok<Json & { attributes: Json }>('GET', '/api/server');
    await world.admin.ok('PUT', '/api/server', { ...server, attributes: { ...server.attributes, 'rastro.enableAdvancedPerms': on } });
  }

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 2, intervalMs: 60_000 }, logger: false });
    world.db = await openGatewayDatabase({});
    // Failed logins are not what this suite is about: limits out of reach of its many refused Basic requests.
    const unlimited = { free: 1_000_000, maxBlockMs: 1_000 };
    world.gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      traccarUrl: tracker.url,
      webRoot: '/nonexistent',
      logger: false,
      database: world.db,
      serviceAccount: { user: demoAccount.email, password: demoAccount.password },
      loginThrottle: { limits: { pair: unlimited, account: unlimited, address: unlimited } },
    });
    world.admin = await Browser.signIn(world.gateway.url, demoAccount.email, demoAccount.password);
    world.adminDirect = await Browser.signIn(tracker.url, demoAccount.email, demoAccount.password);
    world.adminId = (await world.admin.ok<{ id: number }>('GET', '/api/session')).id;
    // Generous: two servers and an embedded database starting on a busy shared machine.
  }, 300_000);

  afterAll(async () => {
    await world.gateway?.close();
    await tracker?.close();
    await world.db?.close();
  });

  it('has a fixture for every write route of the policy table (a new route fails here until it is attacked too)', () => {
    expect(WRITE_ROUTES.filter((route) => !fixtureOf(route)).map(routeName)).toEqual([]);
  });

  /**
   * The roles of SPEC §6 and what the policy table says each may not do: a refusal with its code,
   * or, where the gateway lets the write through, whatever the tracking server decides — but a
   * refusal from anyone must leave the data as it was.
   */
  type Expectation = readonly [status: number, code: string] | 'gateway lets it through' | 'refused';
  const DENIED = [403, 'WRITE_ACCESS_DENIED'] as const;
  const ROLES: Record<string, { fields: Json; expect(route: WriteRoute): Expectation }> = {
    administrator: { fields: { administrator: true }, expect: () => 'gateway lets it through' },
    manager: { fields: { userLimit: 5 }, expect: (route) => (route.adminOnly ? DENIED : 'gateway lets it through') },
    reseller: {
      fields: { userLimit: 50, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': 'hostile.reseller.test' } },
      expect: (route) => (route.adminOnly ? DENIED : 'gateway lets it through'),
    },
    'ordinary user': { fields: {}, expect: (route) => (route.adminOnly ? DENIED : 'gateway lets it through') },
    'read-only user': { fields: { readonly: true }, expect: () => [403, 'ACCOUNT_IS_READONLY'] },
    'device-readonly user': {
      fields: { deviceReadonly: true },
      expect: (route) => (route.deviceWrite ? [403, 'ACCOUNT_IS_DEVICE_READONLY'] : route.adminOnly ? DENIED : 'gateway lets it through'),
    },
    'limitCommands user': {
      fields: { limitCommands: true },
      // The fixtures send an ad-hoc engineStop, never a saved command.
      expect: (route) => (route.adminOnly || route.pattern.startsWith('/api/commands') ? DENIED : 'gateway lets it through'),
    },
  };

  /** Makes the write as `headers` and checks the outcome against the data. */
  async function expectWrite(route: WriteRoute, target: Target, headers: OutgoingHttpHeaders, expectation: Expectation, administrator = false): Promise<void> {
    const response = await attempt(route.method, target.path, target.body, headers);
    if (expectation === 'gateway lets it through') {
      expect([response.status, codeOf(response)]).toEqual([response.status, null]);
      if (response.status < 300) {
        if (administrator) expect(await target.unchanged()).toBe(false);
        return;
      }
    } else if (expectation === 'refused') {
      expect(response.status).toBeGreaterThanOrEqual(400);
    } else {
      expect([response.status, codeOf(response)]).toEqual(expectation);
    }
    expect(await target.unchanged()).toBe(true);
  }

  // "Log in as" moves the actor's own session to another user, which would leave the rest of the
  // matrix acting as someone else: its allowed and refused cases have their own suite
  // (user-rules.integration.test.ts); here it meets the suspended, the anonymous and the hostile spellings.
  const writeCases = WRITE_ROUTES.map((route) => [routeName(route), route] as const);
  const roleCases = writeCases.filter(([, route]) => route.pattern !== '/api/session/:id');

  describe('the role × write matrix (advanced permissions off)', () => {
    const people: Record<string, Person> = {};
    let suspended: Person;

    beforeAll(async () => {
      for (const [role, { fields }] of Object.entries(ROLES)) people[role] = await person(role.replace(/\W/g, ''), fields);
      suspended = await person('suspended', {});
      const state = await world.admin.call('PUT', `/rastro/users/${suspended.id}/account-state`, { state: 'suspended', reason: 'hostile suite' });
      expect(state.status).toBe(200);
    }, 120_000);

    describe.each(Object.keys(ROLES))('%s', (role) => {
      it.each(roleCases)('%s', async (_name, route) => {
        const actor = people[role]!;
        const target = await fixtureOf(route)!(world, actor);
        await expectWrite(route, target, { cookie: actor.cookie }, ROLES[role]!.expect(route), role === 'administrator');
      }, 30_000);
    });

    describe('a suspended user, by session or by password (401 ACCOUNT_IS_SUSPENDED)', () => {
      it.each(writeCases)('%s', async (_name, route) => {
        const target = await fixtureOf(route)!(world, suspended);
        await expectWrite(route, target, { cookie: suspended.cookie }, [401, 'ACCOUNT_IS_SUSPENDED']);
        await expectWrite(route, target, { authorization: basic(suspended.email, suspended.password) }, [401, 'ACCOUNT_IS_SUSPENDED']);
        // Issue 14: a bogus cookie beside the password once let a suspended user through.
        await expectWrite(route, target, { cookie: 'JSESSIONID=bogus', authorization: basic(suspended.email, suspended.password) }, [401, 'USER_NOT_AUTHED']);
      }, 30_000);
    });

    describe('anonymous (the tracking server refuses)', () => {
      it.each(writeCases)('%s', async (_name, route) => {
        const target = await fixtureOf(route)!(world, null);
        await expectWrite(route, target, {}, 'refused');
        await expectWrite(route, target, { cookie: 'JSESSIONID=bogus' }, 'refused');
      }, 30_000);
    });

    it("an ordinary user's own advanced permissions, set through another spelling of its own user, are refused (issue 14's PUT /api/%75sers)", async () => {
      const actor = people['ordinary user']!;
      const self = await world.adminDirect.ok<Json & { attributes: Json }>('GET', `/api/users/${actor.id}`);
      const body = { ...self, attributes: { ...self.attributes, 'rastro.advancedPerms': 'f'.repeat(32) } };
      const unchanged = async () => (await world.adminDirect.ok<{ attributes: Json }>('GET', `/api/users/${actor.id}`)).attributes['rastro.advancedPerms'] === undefined;
      expect((await attempt('PUT', `/api/users/${actor.id}`, body, { cookie: actor.cookie })).status).toBe(403);
      for (const spelling of hostileSpellings(`/api/users/${actor.id}`)) {
        const response = await attempt('PUT', spelling, body, { cookie: actor.cookie });
        expect([spelling, response.status, codeOf(response)]).toEqual([spelling, 400, 'NON_CANONICAL_PATH']);
      }
      expect(await unchanged()).toBe(true);
    }, 60_000);
  });

  describe('with advanced permissions on, a user allowed nothing', () => {
    let restricted: Person;
    let other: Person;

    beforeAll(async () => {
      await setAdvancedPermissions(true);
      restricted = await person('restricted', { attributes: { 'rastro.advancedPerms': '0'.repeat(32) } });
      other = await person('other', {});
    }, 60_000);

    afterAll(() => setAdvancedPermissions(false));

    /** What the table says a user without any bit gets: every write with a permission or for administrators only is refused. */
    const forbidden = WRITE_ROUTES.filter((route) => route.permission !== undefined || route.adminOnly);

    it('the table leaves no write open to it', () => {
      expect(forbidden.map(routeName)).toEqual(WRITE_ROUTES.map(routeName));
    });

    it.each(forbidden.map((route) => [routeName(route), route] as const))('%s: the plain request is refused (403), every other spelling (400), nothing changes', async (_name, route) => {
      const target = await fixtureOf(route)!(world, restricted);
      const cookie = { cookie: restricted.cookie };
      expect([route.method, target.path, codeOf(await attempt(route.method, target.path, target.body, cookie))]).toEqual([route.method, target.path, 'WRITE_ACCESS_DENIED']);
      for (const spelling of hostileSpellings(target.path)) {
        const response = await attempt(route.method, spelling, target.body, cookie);
        expect([route.method, spelling, response.status, codeOf(response)]).toEqual([route.method, spelling, 400, 'NON_CANONICAL_PATH']);
      }
      expect(await target.unchanged()).toBe(true);
    }, 60_000);

    it.each(forbidden.map((route) => [routeName(route), route] as const))('%s: credentials that do not name one caller are refused (401), nothing changes', async (_name, route) => {
      const target = await fixtureOf(route)!(world, restricted);
      const password = basic(restricted.email, restricted.password);
      const mixtures: Array<[string, OutgoingHttpHeaders]> = [
        ['a bogus cookie beside its password', { cookie: 'JSESSIONID=bogus', authorization: password }],
        ["another user's session beside its password", { cookie: other.cookie, authorization: password }],
        ["its session beside the administrator's password", { cookie: restricted.cookie, authorization: basic(demoAccount.email, demoAccount.password) }],
        ["its session beside a wrong password", { cookie: restricted.cookie, authorization: basic(restricted.email, 'wrong') }],
        ['two session cookies', { cookie: `${restricted.cookie}; ${world.admin.cookie}` }],
        ['its session beside an unknown scheme', { cookie: restricted.cookie, authorization: 'Digest username="x"' }],
      ];
      for (const [what, headers] of mixtures) {
        const response = await attempt(route.method, target.path, target.body, headers);
        expect([what, response.status, codeOf(response)]).toEqual([what, 401, 'USER_NOT_AUTHED']);
      }
      // Its own credentials, however sent, are judged as its own: refused by the table.
      for (const headers of [{ authorization: password }, { cookie: restricted.cookie, authorization: password }]) {
        expect(codeOf(await attempt(route.method, target.path, target.body, headers))).toBe('WRITE_ACCESS_DENIED');
      }
      expect(await target.unchanged()).toBe(true);
    }, 60_000);

    /** The reads the bits gate (reports, and positions over a time range), from the policy's table. */
    const range = () => `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date().toISOString()}`;
    const gatedReads = [...['summary', ...Object.keys(REPORT_KINDS)].map((kind) => `/api/reports/${kind}`), '/api/positions'];

    it.each(gatedReads)('GET %s: refused (403) as written, 400 in every other spelling, 401 with mixed credentials', async (path) => {
      const device = await owned(world, restricted, '/api/devices', ENTITIES['/api/devices']!);
      const query = `?deviceId=${device.id}&${range()}`;
      const cookie = { cookie: restricted.cookie };
      expect(codeOf(await attempt('GET', `${path}${query}`, undefined, cookie))).toBe('WRITE_ACCESS_DENIED');
      for (const spelling of hostileSpellings(path)) {
        const response = await attempt('GET', `${spelling}${query}`, undefined, cookie);
        expect([spelling, response.status, codeOf(response)]).toEqual([spelling, 400, 'NON_CANONICAL_PATH']);
      }
      const mixed = await attempt('GET', `${path}${query}`, undefined, { cookie: 'JSESSIONID=bogus', authorization: basic(restricted.email, restricted.password) });
      expect([mixed.status, codeOf(mixed)]).toEqual([401, 'USER_NOT_AUTHED']);
    }, 60_000);
  });

  describe("the product API's own writes (every write of GET /rastro/openapi.json)", () => {
    it('refuses every other spelling of each with 400, before any route runs', async () => {
      const document = (await sendRaw(world.gateway.url, '/rastro/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
      const writes = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ['post', 'put', 'delete'].includes(method))
          .map((method) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')] as const),
      );
      expect(writes.length).toBeGreaterThan(10);
      for (const [method, path] of writes) {
        for (const spelling of hostileSpellings(path, 'prefix')) {
          const response = await attempt(method, spelling, {}, { cookie: world.admin.cookie });
          expect([method, spelling, response.status, codeOf(response)]).toEqual([method, spelling, 400, 'NON_CANONICAL_PATH']);
        }
      }
    }, 120_000);
  });

  /**
   * The product API's writes (issue 14: the matrix covered /api only): every role of SPEC §6 with
   * every kind of credential it can hold, against every write of the route table, whose
   * `x-rastro-callers` says whom each admits. A role it does not name is refused (401/403) with a
   * plausible request — one that would write if the check were missing — and nothing changes; a role
   * it names gets past the check (shown with an input the route then refuses, so nothing is written).
   */
  describe("the product API's writes: role × credential matrix (from the route table's x-rastro-callers)", () => {
    type Role =
      | 'administrator'
      | 'reseller'
      | 'manager'
      | 'ordinary user'
      | 'read-only user'
      | 'device-read-only user'
      | 'suspended user'
      | 'expired user'
      | 'disabled user'
      | 'share link'
      | 'QR driver'
      | 'anonymous';
    /** Who each role is let in by: SPEC §6 with advanced permissions off, the paid edition. */
    const ADMITTED_BY: Record<Role, readonly ProductCallers[]> = {
      administrator: ['anyone', 'signed-in', 'device-writer', 'sharer', 'reseller', 'administrator'],
      reseller: ['anyone', 'signed-in', 'device-writer', 'sharer', 'reseller'],
      manager: ['anyone', 'signed-in', 'device-writer', 'sharer'],
      'ordinary user': ['anyone', 'signed-in', 'device-writer', 'sharer'],
      'read-only user': ['anyone', 'signed-in'],
      'device-read-only user': ['anyone', 'signed-in', 'sharer'],
      'suspended user': ['anyone'],
      'expired user': ['anyone'],
      'disabled user': ['anyone'],
      'share link': ['anyone', 'signed-in'],
      'QR driver': ['anyone', 'signed-in', 'qr-driver'],
      anonymous: ['anyone'],
    };
    type Credential = 'cookie' | 'Bearer token' | 'Basic' | 'none';
    const credentials = new Map<Role, Array<[Credential, OutgoingHttpHeaders]>>();
    let writes: FuzzRoute[] = [];

    /** Everything a write could leave behind: the gateway's tables and the tracker's users and devices. */
    const MOVING_TABLES = new Set(['rastro_jobs', 'rastro_rate_limits', 'rastro_limit_locks', 'rastro_login_failures']);
    let tables: string[] = [];
    async function state(): Promise<string> {
      // The three reads at once: the gateway's database and the tracking server work side by side.
      const [[row], ...tracked] = await Promise.all([
        world.db.query<{ snapshot: string }>(`SELECT concat_ws('|', ${tables.map((table) => `(SELECT json_agg(t ORDER BY t::text) FROM ${table} t)::text`).join(', ')}) AS snapshot`),
        ...['/api/users', '/api/devices?all=true'].map((path) => world.adminDirect.ok<Json[]>('GET', path)),
      ]);
      return JSON.stringify([row?.snapshot, tracked.map((items) => items.map(({ status: _s, lastUpdate: _l, positionId: _p, ...kept }) => kept))]);
    }

    /** The kinds of credential a signed-in person holds: its session, an API token, its password. */
    async function held(email: string, password: string, cookie: string): Promise<Array<[Credential, OutgoingHttpHeaders]>> {
      const token = await attempt('POST', '/api/session/token', undefined, { cookie });
      expect([email, token.status]).toEqual([email, 200]);
      return [
        ['cookie', { cookie }],
        ['Bearer token', { authorization: `Bearer ${token.text}` }],
        ['Basic', { authorization: basic(email, password) }],
      ];
    }
    async function signedInAs(role: Role, fields: Json): Promise<Person> {
      const someone = await person(role.replace(/\W/g, ''), fields);
      credentials.set(role, await held(someone.email, someone.password, someone.cookie));
      return someone;
    }

    beforeAll(async () => {
      // The gateway's tables are all in place at its start (its migration): listed once.
      tables = (await world.db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'rastro\\_%' ORDER BY table_name"))
        .map((row) => row.table_name)
        .filter((name) => !MOVING_TABLES.has(name));
      const document = (await sendRaw(world.gateway.url, '/rastro/openapi.json')).json<Parameters<typeof routesOf>[0]>();
      writes = routesOf(document).filter((route) => route.method !== 'GET');
      // Billing's routes answer 404 BILLING_DISABLED while the server's switch is off: switched on,
      // the matrix reaches their own checks.
      const server = await world.admin.ok<Json>('GET', '/api/server');
      await world.admin.ok('PUT', '/api/server', { ...server, attributes: { ...(server.attributes as Json), 'rastro.enableBilling': 'true' } });
      await signedInAs('administrator', { administrator: true });
      await signedInAs('reseller', { userLimit: 50, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': 'matrix.reseller.test' } });
      await signedInAs('manager', { userLimit: 5 });
      await signedInAs('ordinary user', {});
      await signedInAs('read-only user', { readonly: true });
      await signedInAs('device-read-only user', { deviceReadonly: true });
      const suspended = await signedInAs('suspended user', {});
      expect((await world.admin.call('PUT', `/rastro/users/${suspended.id}/account-state`, { state: 'suspended', reason: 'role matrix' })).status).toBe(200);
      // Credentials taken while the account was good, then it expires or is disabled.
      for (const [role, change] of [['expired user', { expirationTime: new Date(Date.now() - 60_000).toISOString() }], ['disabled user', { disabled: true }]] as const) {
        const someone = await signedInAs(role, {});
        const user = await world.adminDirect.ok<Json>('GET', `/api/users/${someone.id}`);
        await world.admin.ok('PUT', `/api/users/${someone.id}`, { ...user, ...change });
      }
      // A share link's user: its session from the link; its password is sealed, so no Basic.
      const device = await owned(world, null, '/api/devices', ENTITIES['/api/devices']!);
      const share = await world.admin.ok<{ token: string }>('POST', '/rastro/shares', { name: 'Matrix share', deviceIds: [device.id], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
      const shareLogin = await attempt('POST', '/rastro/shares/login', { token: share.token }, {});
      const shareCookie = (shareLogin.headers['set-cookie'] ?? []).find((value) => value.startsWith('JSESSIONID='))?.split(';')[0] ?? '';
      expect([shareLogin.status, shareCookie]).toEqual([200, expect.stringMatching(/^JSESSIONID=/)]);
      const shareToken = await attempt('POST', '/api/session/token', undefined, { cookie: shareCookie });
      credentials.set('share link', [['cookie', { cookie: shareCookie }], ...(shareToken.status === 200 ? [['Bearer token', { authorization: `Bearer ${shareToken.text}` }] as [Credential, OutgoingHttpHeaders]] : [])]);
      // A QR driver: a driver saved with QR access signs in with its own login.
      const username = unique('matrix.qr').toLowerCase();
      await world.admin.ok('POST', '/api/drivers', { name: 'Matrix driver', uniqueId: unique('matrixqr'), attributes: { [QR_ACCESS_ATTRIBUTE]: { username, password: 'drive-safe' } } });
      credentials.set('QR driver', await held(username, 'drive-safe', (await Browser.signIn(world.gateway.url, username, 'drive-safe')).cookie));
      credentials.set('anonymous', [['none', {}]]);
      // The gateway remembers who a credential is for a few seconds: wait until it sees the changes.
      for (const role of ['expired user', 'disabled user', 'suspended user'] as const) {
        const [, cookie] = credentials.get(role)![0]!;
        let status = 0;
        for (const deadline = Date.now() + 15_000; status !== 401 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
          status = (await attempt('POST', '/rastro/autolink', {}, cookie)).status;
        }
        expect([role, status]).toEqual([role, 401]);
      }
    }, 300_000);

    it('every write of the route table names its callers, in the vocabulary the matrix knows', () => {
      expect(writes.length).toBeGreaterThan(10);
      const unknown = writes.filter((route) => !(PRODUCT_CALLERS as readonly string[]).includes(route.callers ?? '')).map((route) => `${route.method} ${route.path}: ${route.callers}`);
      expect(unknown).toEqual([]);
      expect([...credentials.keys()].sort()).toEqual(Object.keys(ADMITTED_BY).sort());
    });

    /** The route's request with one input it refuses: a path value no schema takes, else a body of the wrong shape. */
    function refusedInput(route: FuzzRoute): { url: string; body?: string } {
      const { url } = plausibleRequest(route);
      if (route.body) return { url, body: '[]' };
      const [name] = /\{(\w+)\}/.exec(route.path) ?? [];
      if (!name) throw new Error(`${route.method} ${route.path} takes no input to refuse`);
      return { url: route.path.replace(/\{\w+\}/, 'not_valid').replace(/\{\w+\}/g, '1') };
    }

    const send = (route: FuzzRoute, request: { url: string; body?: string }, headers: OutgoingHttpHeaders) =>
      sendRaw(world.gateway.url, request.url, { method: route.method, headers: { accept: 'application/json', ...headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) }, body: request.body });

    it.each(Object.keys(ADMITTED_BY) as Role[])('%s: refused where its role is not named (nothing changes), let past the check where it is', async (role) => {
      const outcomes: string[] = [];
      // The data as the previous refused route left it (checked unchanged), as the next one's
      // "before": half the reads. An admitted route's request is not checked, so after one it is read again.
      let still: string | null = null;
      for (const route of writes) {
        const admitted = ADMITTED_BY[role].includes(route.callers as ProductCallers);
        const before: string = admitted ? '' : (still ?? (await state()));
        still = null;
        for (const [credential, headers] of credentials.get(role)!) {
          const response = await send(route, admitted ? refusedInput(route) : plausibleRequest(route), headers);
          const code = codeOf(response);
          const right = admitted ? response.status === 400 || response.status === 415 : response.status === 401 || response.status === 403;
          // A suspended account is told so wherever an ordinary user would be let in.
          const suspendedRight = role !== 'suspended user' || !ADMITTED_BY['ordinary user'].includes(route.callers as ProductCallers) || route.callers === 'anyone' || code === 'ACCOUNT_IS_SUSPENDED';
          if (!right || !suspendedRight) outcomes.push(`${route.method} ${route.path} (${route.callers}) with ${credential}: ${admitted ? 'admitted' : 'refused'} expected, got ${response.status} ${code ?? response.text.slice(0, 80)}`);
        }
        if (admitted) continue;
        const after = await state();
        if (after !== before) outcomes.push(`${route.method} ${route.path}: a refused write changed something`);
        else still = after;
      }
      expect(outcomes).toEqual([]);
    }, 180_000);
  });
});
