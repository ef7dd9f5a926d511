/**
 * @jest-environment node
 */
import { createHttpClient } from './http';
import { POSITION_BATCH_SIZE, TRACKING_API_TIMEOUT_MS, createTrackingApi } from './tracking';

const position = (id: number) => ({ id, deviceId: id, latitude: -23.5, longitude: -46.6, speed: 10, course: 90, attributes: {} });

describe('tracking API client', () => {
  it('waits 60 s before giving up, as SPEC §7 asks', () => {
    expect(TRACKING_API_TIMEOUT_MS).toBe(60_000);
    expect(createTrackingApi().http).toMatchObject({ baseUrl: '/api', timeoutMs: 60_000 });
  });

  it('asks for positions in batches of 500 ids', async () => {
    const urls: string[] = [];
    const fetchImpl = (async (url: string) => {
      urls.push(url);
      const ids = new URL(url, 'http://x').searchParams.getAll('id').map(Number);
      return new Response(JSON.stringify(ids.map(position)), { status: 200 });
    }) as unknown as typeof fetch;
    const api = createTrackingApi(createHttpClient({ baseUrl: '/api', timeoutMs: 1000, fetchImpl }));
    const ids = Array.from({ length: 1201 }, (_, index) => index + 1);
    const positions = await api.positions.byIds(ids);
    expect(urls).toHaveLength(Math.ceil(1201 / POSITION_BATCH_SIZE));
    expect(positions.map((p) => p.id)).toEqual(ids);
  });

  it('reads "no session" (404) as null, not as an error', async () => {
    const fetchImpl = (async () => new Response('', { status: 404 })) as unknown as typeof fetch;
    const api = createTrackingApi(createHttpClient({ baseUrl: '/api', timeoutMs: 1000, fetchImpl }));
    await expect(api.session.current()).resolves.toBeNull();
  });

  it('logs in with the form Traccar expects and validates the user it gets back', async () => {
    let body = '';
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      body = String(init.body);
      return new Response(JSON.stringify({ id: 1, name: 'Ana', email: 'ana@x', attributes: {} }), { status: 200 });
    }) as unknown as typeof fetch;
    const api = createTrackingApi(createHttpClient({ baseUrl: '/api', timeoutMs: 1000, fetchImpl }));
    await expect(api.session.login('ana@x', 'pw')).resolves.toMatchObject({ id: 1, name: 'Ana' });
    expect(body).toBe('email=ana%40x&password=pw&undefined=false');
  });
});

describe('tracking API: recovery and registration', () => {
  function recording() {
    const calls: Array<{ url: string; method: string; type: string; body: string }> = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ url, method: String(init.method), type: headers['Content-Type'] ?? '', body: String(init.body) });
      return new Response(url.endsWith('/users') ? JSON.stringify({ id: 9, name: 'Ana Lima', email: 'ana@x', attributes: {} }) : '', { status: 200 });
    }) as unknown as typeof fetch;
    return { calls, api: createTrackingApi(createHttpClient({ baseUrl: '/api', timeoutMs: 1000, fetchImpl })) };
  }

  it('asks for a recovery link with the email and the origin, as a form (SPEC §7)', async () => {
    const { calls, api } = recording();
    await api.session.requestPasswordReset('ana@x', 'https://frota.example');
    expect(calls[0]).toMatchObject({ url: '/api/session/password', method: 'POST', type: 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({ email: 'ana@x', requested_from: 'https://frota.example' });
  });

  it('sets the new password with the token, as a form', async () => {
    const { calls, api } = recording();
    await api.session.resetPassword('tok', 'nova');
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({ token: 'tok', password: 'nova' });
  });

  it('registers with a JSON body and reads the new user back', async () => {
    const { calls, api } = recording();
    await expect(api.users.register({ name: 'Ana Lima', email: 'ana@x', password: 'abcd' })).resolves.toMatchObject({ id: 9 });
    expect(calls[0]).toMatchObject({ url: '/api/users', method: 'POST', type: 'application/json' });
  });
});
