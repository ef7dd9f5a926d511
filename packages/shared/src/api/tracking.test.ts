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
