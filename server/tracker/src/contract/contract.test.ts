import { startTracker, type RunningTracker } from '../index';
import { demoAccount, demoUserAccount } from '../seed/demo-accounts';
import { FORM, getJson, login, openSocket } from '../test-support/tracker-client';
import {
  COMMAND_CASES,
  DEVICE_CASES,
  ENTITY_CASES,
  ERROR_CASES,
  NOTIFICATION_AND_ATTRIBUTE_CASES,
  POSITION_CASES,
  REPORT_CASES,
  SERVER_CASES,
  SESSION_CASES,
  timeVars,
  USER_AND_PERMISSION_CASES,
  type Caller,
  type ContractApi,
  type ContractCase,
  type Vars,
} from './contract-cases';
import { expectSocketMessageToMatchOpenApi, expectToMatchOpenApi } from './expect-to-match-openapi';

const JAKARTA_PREFIX = 'jakarta.ws.rs.WebApplicationException: HTTP';

describe("the tracker against Traccar's OpenAPI file", () => {
  let tracker: RunningTracker;
  const cookies = {} as Record<Exclude<Caller, 'anonymous' | 'fresh admin session'>, string>;
  const fixture: Vars = {};

  const api: ContractApi = {
    vars: fixture,
    async create(path, body) {
      const response = await fetch(`${tracker.url}${path}`, { method: 'POST', headers: { cookie: cookies.admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (response.status !== 200) throw new Error(`setup: POST ${path} → ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: number } & Record<string, unknown>;
    },
  };

  beforeAll(async () => {
    // A slow simulator: every device has a first fix, and the fleet holds still while we look.
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { devices: 10, intervalMs: 600_000, seed: 1 } });
    cookies.admin = await login(tracker.url, demoAccount.email, demoAccount.password);
    cookies.user = await login(tracker.url, demoUserAccount.email, demoUserAccount.password);
    const [position] = await getJson<Array<{ id: number; deviceId: number }>>(`${tracker.url}/api/positions`, { cookie: cookies.admin });
    const regular = await getJson<{ id: number }>(`${tracker.url}/api/session`, { cookie: cookies.user });
    Object.assign(fixture, { device: position?.deviceId ?? 0, position: position?.id ?? 0, user: regular.id });
  }, 30_000);

  afterAll(() => tracker?.close());

  async function cookieFor(caller: Caller): Promise<string | undefined> {
    if (caller === 'anonymous') return undefined;
    if (caller === 'fresh admin session') return login(tracker.url, demoAccount.email, demoAccount.password);
    return cookies[caller];
  }

  async function send(testCase: ContractCase): Promise<{ path: string; status: number; body: unknown }> {
    const vars = { ...fixture, ...timeVars(), ...(await testCase.setup?.(api)) };
    const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole));
    const path = fill(testCase.path);
    const headers: Record<string, string> = {};
    const cookie = await cookieFor(testCase.as ?? 'admin');
    if (cookie) headers.cookie = cookie;
    if (testCase.accept) headers.accept = testCase.accept;
    let body: string | undefined;
    if (testCase.form) {
      Object.assign(headers, FORM);
      body = new URLSearchParams(testCase.form).toString();
    } else if (testCase.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(typeof testCase.json === 'function' ? (testCase.json as (values: Vars) => unknown)(vars) : testCase.json);
    }
    const response = await fetch(`${tracker.url}${path}`, { method: testCase.method, headers, body });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json');
    return { path, status: response.status, body: text === '' ? undefined : isJson ? (JSON.parse(text) as unknown) : text };
  }

  const groups: Array<[string, ContractCase[]]> = [
    ['session', SESSION_CASES],
    ['server', SERVER_CASES],
    ['devices', DEVICE_CASES],
    ['positions', POSITION_CASES],
    ['users, permissions and passwords', USER_AND_PERMISSION_CASES],
    ['groups, geofences, notifications, drivers, calendars, maintenance, commands, computed attributes', ENTITY_CASES],
    ['notification catalog and computed attribute test', NOTIFICATION_AND_ATTRIBUTE_CASES],
    ['commands', COMMAND_CASES],
    ['reports', REPORT_CASES],
    ['refusals', ERROR_CASES],
  ];

  describe.each(groups)('%s', (_name, cases) => {
    it.each(cases.map((testCase) => [`${testCase.method} ${testCase.path} as ${testCase.as ?? 'admin'}`, testCase] as const))('%s', async (_title, testCase) => {
      const { path, status, body } = await send(testCase);
      const expected = typeof testCase.status === 'number' ? [testCase.status] : testCase.status;
      if (!expected.includes(status)) throw new Error(`${testCase.method} ${path}: expected ${expected.join(' or ')}, got ${status} ${JSON.stringify(body)}`);
      expectToMatchOpenApi(testCase.method, path, status, body);
      // Traccar's refusals are text (its exception mapper), never JSON.
      if (status >= 400) expect(typeof body).toBe('string');
      // …in its own words: never the database's (tables, columns, types).
      if (status >= 400) expect(String(body)).not.toMatch(/character varying|violates|relation|column/i);
    });
  });

  describe('websocket', () => {
    it('sends {positions}, {devices} and {events} messages whose items match the file, events with a message', async () => {
      // A device of our own, never heard from (unknown): its first OsmAnd report brings it online,
      // and the seeded web notification for sos alarms (always, the administrator's) makes an event.
      const device = await api.create('/api/devices', { name: 'Contract phone', uniqueId: `contract-${Date.now()}` });
      const socket = await openSocket(`${tracker.url.replace('http', 'ws')}/api/socket`, { cookie: cookies.admin });
      try {
        const seen = new Set<string>();
        const check = (message: Record<string, unknown>) => {
          expectSocketMessageToMatchOpenApi(message);
          for (const key of Object.keys(message)) seen.add(key);
        };
        check(await socket.next());
        const query = new URLSearchParams({ id: String(device.uniqueId), lat: '-23.55', lon: '-46.63', speed: '10', alarm: 'sos' });
        expect((await fetch(`${tracker.osmandUrl}/?${query.toString()}`)).status).toBe(200);
        while (!['positions', 'devices', 'events'].every((key) => seen.has(key))) check(await socket.next(5000));
      } finally {
        socket.socket.close();
      }
    });
  });

  describe('errors, as Traccar answers them', () => {
    it('refuses every resource without a session with 401 and the jakarta text', async () => {
      for (const path of ['/api/devices', '/api/positions', '/api/users', '/api/geofences', '/api/notifications/types']) {
        const response = await fetch(`${tracker.url}${path}`);
        expect([path, response.status]).toEqual([path, 401]);
        expect(await response.text()).toMatch(new RegExp(`^${JAKARTA_PREFIX} 401 Unauthorized`));
      }
    });

    it('answers an unknown route with 404', async () => {
      const response = await fetch(`${tracker.url}/api/no-such-resource`, { headers: { cookie: cookies.admin } });
      expect(response.status).toBe(404);
      expect(await response.text()).toMatch(new RegExp(`^${JAKARTA_PREFIX} 404 Not Found`));
    });
  });
});
