import type { Database } from '@rastro/db';
import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import fc from 'fast-check';
import { startGateway, type RunningGateway } from '../gateway';
import { openGatewayDatabase } from '../store/gateway-database';
import { send } from '../test-support/http';
import { fixedCases, INTERNALS, randomCase, routesOf, type FuzzCase, type FuzzRoute } from '../test-support/schema-fuzz';
import { signIn } from '../test-support/sign-in';

// Every product route, from the route table (GET /rastro/openapi.json, built from the routes' zod
// schemas), is sent hostile input as an administrator (the caller who gets furthest past
// `authorize`), then as an ordinary user (the caller an attacker most likely is: refused more,
// through other code paths): no answer is a 5xx, a refusal is the product's error shape and leaks
// no internals, and a refused request changes nothing — neither the gateway's tables nor the
// tracking server's devices and users, read back after each one.
// Bounded by runs and time per route; generous for a busy shared machine.
jest.setTimeout(400_000);

/** Tables that change by themselves (job polling) or count attempts on purpose (rate limits). */
const MOVING_TABLES = new Set(['rastro_jobs', 'rastro_rate_limits', 'rastro_limit_locks', 'rastro_login_failures']);
const RANDOM_RUNS_PER_ROUTE = 20;
const MS_PER_ROUTE = 2_000;
// The ordinary user's pass repeats the fixed cases but few random ones, and skips the writes its
// role is refused before any input is read (the hostile-request suite's role × write matrix checks
// those refusals against the data): the unit step stays fast.
const USER_RANDOM_RUNS_PER_ROUTE = 5;
const USER_MS_PER_ROUTE = 500;
const NOT_FOR_ORDINARY_USERS = new Set(['administrator', 'reseller', 'payment-provider', 'qr-driver']);

describe('product API under hostile input', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  let db: Database;
  let admin: string;
  let ordinary: string;
  let routes: FuzzRoute[];
  let tables: string[];

  beforeAll(async () => {
    db = await openGatewayDatabase({});
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 2, intervalMs: 60_000 }, logger: false });
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, logger: false, database: db, serviceAccount: { user: demoAccount.email, password: demoAccount.password }, jobPollIntervalMs: 60_000 });
    const cookie = await signIn(gateway.url, demoAccount.email, demoAccount.password);
    if (!cookie) throw new Error('admin sign-in refused');
    admin = cookie;
    ordinary = await ordinaryUser(cookie);
    routes = routesOf((await send(`${gateway.url}/rastro/openapi.json`)).json());
    const rows = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'rastro\\_%' ORDER BY table_name");
    tables = rows.map((row) => row.table_name).filter((name) => !MOVING_TABLES.has(name));
  });

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
    await db?.close();
  });

  /**
   * An ordinary user (no administrator, no manager) with one device of its own and no device limit,
   * signed in: its cookie. Without a limit it gets as far as such a user can (a full limit refuses
   * `POST /rastro/autolink` before its input is read, as Traccar's 400 USER_DEVICE_LIMIT_REACHED).
   */
  async function ordinaryUser(adminCookie: string): Promise<string> {
    const json = { cookie: adminCookie, accept: 'application/json', 'content-type': 'application/json' };
    const email = `fuzz-user-${Date.now()}@fuzz.test`;
    const user = (await send(`${gateway.url}/api/users`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Fuzz User', email, password: 'secret1', deviceLimit: -1 }) })).json<{ id: number }>();
    const [device] = (await send(`${gateway.url}/api/devices`, { headers: json })).json<Array<{ id: number }>>();
    if (!device) throw new Error('the simulated fleet has no device');
    const linked = await send(`${gateway.url}/api/permissions`, { method: 'POST', headers: json, body: JSON.stringify({ userId: user.id, deviceId: device.id }) });
    if (linked.status >= 300) throw new Error(`device not linked: ${linked.status} ${linked.text}`);
    const cookie = await signIn(gateway.url, email, 'secret1');
    if (!cookie) throw new Error('ordinary user sign-in refused');
    return cookie;
  }

  /** Everything a write could leave behind, as one comparable text: the gateway's tables (one query) and the tracker's devices and users. */
  async function state(): Promise<string> {
    // The three reads at once: the gateway's database and the tracking server work side by side.
    const [[row], ...trackerParts] = await Promise.all([
      db.query<{ snapshot: string }>(`SELECT concat_ws('|', ${tables.map((table) => `(SELECT json_agg(t ORDER BY t::text) FROM ${table} t)::text`).join(', ')}) AS snapshot`),
      ...['/api/devices', '/api/users'].map(async (path) => {
        const items = (await send(`${tracker.url}${path}`, { headers: { cookie: admin, accept: 'application/json' } })).json<Record<string, unknown>[]>();
        // What the simulated fleet changes by itself (its status and last position) is no write.
        return items.map(({ status: _status, lastUpdate: _lastUpdate, positionId: _positionId, ...kept }) => kept);
      }),
    ]);
    return JSON.stringify([row?.snapshot, ...trackerParts]);
  }

  const auditRows = async () => Number((await db.query<{ count: string }>('SELECT count(*) AS count FROM rastro_audit_log'))[0]?.count ?? 0);

  /**
   * Waits for an accepted write's audit row, recorded just after its answer, so the next request
   * starts from still data: that data, once two reads agree (null when they never did).
   */
  async function settle(method: string, auditRowsBefore: number): Promise<string | null> {
    // Reads record nothing; a write records its row soon after its answer (a busy machine: up to a second or two).
    for (let waited = 0; method !== 'GET' && waited < 2_000 && (await auditRows()) === auditRowsBefore; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    let last = await state();
    for (let read = 0; read < 5; read++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const now = await state();
      if (now === last) return now;
      last = now;
    }
    return null;
  }

  /**
   * The data as the last check left it, when it was read still (unchanged by a refusal, or settled
   * after an acceptance): the next check's "before", instead of reading it again — half the reads
   * of a refused request. Anything that moved in between would show as a change: stricter, not laxer.
   */
  let still: string | null = null;

  /** What is wrong with the answer to one hostile request; null when it is right. */
  async function check(route: FuzzRoute, fuzz: FuzzCase, caller: string): Promise<string | null> {
    const before = still ?? (await state());
    still = null;
    const auditRowsBefore = fuzz.method === 'GET' ? 0 : await auditRows();
    const headers: Record<string, string> = { accept: 'application/json', ...(route.isPublic ? {} : { cookie: caller }) };
    if (fuzz.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await send(`${gateway.url}${fuzz.url}`, { method: fuzz.method, headers, body: fuzz.body });
    const where = `${caller === admin ? 'administrator' : 'ordinary user'}: ${fuzz.method} ${route.path} [${fuzz.label}] → ${answer.status} ${answer.text.slice(0, 160)}`;
    if (answer.status >= 500) return where;
    if (INTERNALS.test(answer.text)) return `leaks internals: ${where}`;
    if (fuzz.mustRefuse && answer.status < 400) return `accepted: ${where}`;
    if (answer.status >= 400) {
      const body = answer.json<{ code?: unknown; message?: unknown; fields?: unknown }>();
      if (typeof body.code !== 'string' || typeof body.message !== 'string') return `not the product's error shape: ${where}`;
      if (answer.status === 400 && !Array.isArray(body.fields)) return `400 without fields: ${where}`;
      const after = await state();
      if (after !== before) return `changed something: ${where}`;
      still = after;
    } else {
      still = await settle(fuzz.method, auditRowsBefore);
    }
    return null;
  }

  /** The routes the ordinary user's pass sends: signed-in ones its role may reach. */
  const forOrdinaryUsers = (route: FuzzRoute) => !route.isPublic && !NOT_FOR_ORDINARY_USERS.has(route.callers ?? '');
  const nameOf = (route: FuzzRoute) => `${route.method} ${route.path}`;

  it('reads its routes from the route table', () => {
    // The table holds every product route; a handful of well-known ones prove it was read.
    expect(routes.map(nameOf)).toEqual(expect.arrayContaining(['PUT /rastro/theme', 'POST /rastro/shares', 'POST /rastro/autolink', 'GET /rastro/server/logs', 'PUT /rastro/resellers/{domain}']));
    expect(routes.filter(forOrdinaryUsers).map(nameOf)).toEqual(expect.arrayContaining(['POST /rastro/shares', 'POST /rastro/autolink']));
  });

  /** Who sends the hostile input; the ordinary user skips the public routes (no cookie: the administrator's pass covered them). */
  const passes = [
    { who: 'an administrator', cookie: () => admin, routes: () => routes, runs: RANDOM_RUNS_PER_ROUTE, msPerRoute: MS_PER_ROUTE },
    { who: 'an ordinary user', cookie: () => ordinary, routes: () => routes.filter(forOrdinaryUsers), runs: USER_RANDOM_RUNS_PER_ROUTE, msPerRoute: USER_MS_PER_ROUTE },
  ];

  describe.each(passes)('as $who', ({ cookie, routes: routesOfPass, runs, msPerRoute }) => {
    it('answers every fixed hostile input with a clean refusal and no change', async () => {
      const failures: string[] = [];
      for (const route of routesOfPass()) {
        for (const fuzz of fixedCases(route)) {
          const failure = await check(route, fuzz, cookie());
          if (failure) failures.push(failure);
        }
      }
      expect(failures).toEqual([]);
    });

    it('answers random hostile input without a 5xx, a leak or a change', async () => {
      const failures: string[] = [];
      for (const route of routesOfPass()) {
        await fc.assert(
          fc.asyncProperty(randomCase(route), async (fuzz) => {
            const failure = await check(route, fuzz, cookie());
            if (failure) failures.push(failure);
            return failure === null;
          }),
          { numRuns: runs, interruptAfterTimeLimit: msPerRoute, endOnFailure: true },
        ).catch(() => undefined);
      }
      expect(failures).toEqual([]);
    });
  });
});
