import { entityLists, readPreference, useSessionStore, writePreference } from '@rastro/shared';
import { requestTrustUnlock, sessionStillThere, resumeSession, signIn, signOut, startSession } from './session';

const admin = { id: 1, name: 'Administrador', email: 'admin@rastro.demo', administrator: true, attributes: {} };

/** The tracking server as the page sees it through fetch: one account, one cookie session. */
const server = {
  up: true,
  session: null as typeof admin | null,
  password: 'admin',
  /** The gateway's answer to a suspended account's login and open session. */
  suspended: false,
  calls: [] as string[],
};

const SUSPENDED = { error: { code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: true, invoices: [] } };

function answer(status: number, body: unknown = '') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, ok: status < 400, text: async () => text, json: async () => JSON.parse(text) as unknown };
}

async function fakeFetch(url: string, init: { method?: string; body?: string }) {
  const method = init.method ?? 'GET';
  server.calls.push(`${method} ${url}`);
  if (!server.up) return answer(502, 'Bad Gateway');
  if (url === '/api/session' && method === 'POST') {
    const form = new URLSearchParams(init.body);
    if (form.get('email') !== admin.email || form.get('password') !== server.password) return answer(401, 'HTTP 401 Unauthorized');
    if (server.suspended) return answer(401, SUSPENDED);
    server.session = admin;
    return answer(200, admin);
  }
  if (url === '/api/session' && method === 'GET' && server.suspended && server.session) return answer(401, SUSPENDED);
  if (url === '/api/session' && method === 'GET') return server.session ? answer(200, server.session) : answer(404, 'Not Found');
  if (url === '/rastro/billing/trust-unlock' && method === 'POST') {
    server.suspended = false;
    server.session = admin;
    return answer(200, { user: admin, trustEndsAt: '2026-03-04T10:00:00.000Z' });
  }
  if (url === '/api/session' && method === 'DELETE') {
    server.session = null;
    return answer(204);
  }
  return answer(200, []);
}

class FakeSocket {
  static opened: FakeSocket[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    FakeSocket.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}

const posts = () => server.calls.filter((call) => call === 'POST /api/session');

beforeAll(() => {
  Object.defineProperty(globalThis, 'fetch', { value: fakeFetch, configurable: true, writable: true });
  Object.defineProperty(window, 'WebSocket', { value: FakeSocket, configurable: true, writable: true });
});

beforeEach(async () => {
  // jsdom cannot navigate: logout's reload is reported, not done.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await signOut();
  Object.assign(server, { up: true, session: null, password: 'admin', suspended: false, calls: [] });
  FakeSocket.opened = [];
  window.localStorage.clear();
});

afterEach(() => jest.restoreAllMocks());

describe('session rules (SPEC §4)', () => {
  it('remember me keeps the credentials and signs in with them at start, even without a session cookie', async () => {
    await signIn(admin.email, 'admin', { remember: true });
    expect(readPreference('rememberMe')).toEqual({ email: admin.email, password: 'admin' });

    server.session = null; // the cookie is gone
    useSessionStore.getState().signedOut();
    await expect(resumeSession()).resolves.toBe(true);
    expect(posts()).toHaveLength(2);
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', user: { name: 'Administrador' } });
  });

  it('without remember me nothing is kept, and a lost session means logging in again', async () => {
    writePreference('rememberMe', { email: admin.email, password: 'old' });
    await signIn(admin.email, 'admin');
    expect(readPreference('rememberMe')).toBeUndefined();
    server.session = null;
    await expect(resumeSession()).resolves.toBe(false);
    expect(useSessionStore.getState().status).toBe('anonymous');
  });

  it('remembered credentials the server refuses now are forgotten', async () => {
    writePreference('rememberMe', { email: admin.email, password: 'changed' });
    await expect(resumeSession()).resolves.toBe(false);
    expect(readPreference('rememberMe')).toBeUndefined();
  });

  it('signs in with the remembered credentials at start on a public screen, but not on a share link', async () => {
    expect(startSession('/login')).toBeNull();
    writePreference('rememberMe', { email: admin.email, password: 'admin' });
    expect(startSession('/share/abc')).toBeNull();
    expect(startSession('/devices')).toBeNull(); // the guard does it there
    await expect(startSession('/login')).resolves.toBe(true);
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it('after login the lists are fetched, the socket opens; logout clears credentials, closes the socket and forgets the lists', async () => {
    await signIn(admin.email, 'admin', { remember: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.calls).toEqual(expect.arrayContaining(['GET /api/groups', 'GET /api/notifications', 'GET /api/users']));
    expect(entityLists.groups.getState().status).toBe('ready');
    expect(FakeSocket.opened).toHaveLength(1);

    await signOut();
    expect(readPreference('rememberMe')).toBeUndefined();
    expect(FakeSocket.opened[0]!.closed).toBe(true);
    expect(server.calls).toContain('DELETE /api/session');
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(entityLists.groups.getState().status).toBe('idle');
  });

  it('a trust unlock signs in with its answer (one call, no second login), remembering the credentials when asked', async () => {
    server.suspended = true;
    await requestTrustUnlock(admin.email, 'admin', { remember: true });
    expect(server.calls.filter((call) => call.startsWith('POST'))).toEqual(['POST /rastro/billing/trust-unlock']);
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', user: { id: admin.id } });
    expect(readPreference('rememberMe')).toEqual({ email: admin.email, password: 'admin' });
    expect(FakeSocket.opened).toHaveLength(1);
  });
});

describe('before the socket reconnects', () => {
  it('goes on when the session is still there, or when the server is still down', async () => {
    await signIn(admin.email, 'admin');
    await expect(sessionStillThere()).resolves.toBe(true);
    server.up = false;
    await expect(sessionStillThere()).resolves.toBe(true);
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it('signs in again with remember me when the server forgot the session (a restart)', async () => {
    await signIn(admin.email, 'admin', { remember: true });
    server.session = null;
    await expect(sessionStillThere()).resolves.toBe(true);
    expect(posts()).toHaveLength(2);
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it('a session the server refuses (the account was suspended) is lost; remembered credentials it refuses too are forgotten', async () => {
    await signIn(admin.email, 'admin', { remember: true });
    server.suspended = true;
    await expect(sessionStillThere()).resolves.toBe(false);
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(readPreference('rememberMe')).toBeUndefined();
  });

  it('without remember me the user is signed out, so the guard sends them to /login?to=<path>', async () => {
    await signIn(admin.email, 'admin');
    server.session = null;
    await expect(sessionStillThere()).resolves.toBe(false);
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', ended: true });
    expect(FakeSocket.opened[0]!.closed).toBe(true);
  });
});
