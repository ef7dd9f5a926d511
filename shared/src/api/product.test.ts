/**
 * @jest-environment node
 */
import { createHttpClient } from './http';
import { PRODUCT_API_TIMEOUT_MS, createProductApi } from './product';

function answering(body: unknown, status = 200) {
  const calls: Array<{ url: string; method: string; body: string | undefined }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method ?? 'GET'), body: init.body === undefined ? undefined : String(init.body) });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { calls, api: createProductApi(createHttpClient({ baseUrl: '/rastro', timeoutMs: 1000, fetchImpl })) };
}

describe('product API client', () => {
  it('talks to /rastro and waits 30 s before giving up, as SPEC §7 asks', () => {
    expect(PRODUCT_API_TIMEOUT_MS).toBe(30_000);
    expect(createProductApi().http).toMatchObject({ baseUrl: '/rastro', timeoutMs: 30_000 });
  });

  it('reads the domain’s remotes and refuses a manifest naming an unknown remote', async () => {
    const good = answering({ remotes: [{ name: 'mf_map', entry: '/remotes/mf-map/mf-manifest.json' }] });
    await expect(good.api.remotes()).resolves.toEqual({ remotes: [{ name: 'mf_map', entry: '/remotes/mf-map/mf-manifest.json' }] });
    expect(good.calls[0]).toMatchObject({ url: '/rastro/remotes', method: 'GET' });
    await expect(answering({ remotes: [{ name: 'mf_evil', entry: '/x' }] }).api.remotes()).rejects.toThrow();
  });

  it('reads the static config from the custom config file, with defaults', async () => {
    const { calls, api } = answering({ title: 'Frota Azul' });
    await expect(api.config()).resolves.toMatchObject({ title: 'Frota Azul', mapboxToken: null });
    expect(calls[0]!.url).toBe('/rastro/assets/custom/config.json');
  });

  it('asks a suspended account\'s trust unlock with the credentials it could not log in with, and reads the signed-in user back', async () => {
    const { calls, api } = answering({ user: { id: 7, name: 'Ana', email: 'ana', attributes: {} }, trustEndsAt: '2026-03-04T10:00:00.000Z' });
    await expect(api.trustUnlock({ email: 'ana', password: 'secret' })).resolves.toMatchObject({ user: { id: 7 }, trustEndsAt: '2026-03-04T10:00:00.000Z' });
    expect(calls[0]).toMatchObject({ url: '/rastro/billing/trust-unlock', method: 'POST', body: JSON.stringify({ email: 'ana', password: 'secret' }) });
  });

  it('turns a refused trust unlock into an error carrying the gateway’s code', async () => {
    const { api } = answering({ code: 'TRUST_UNLOCK_ALREADY_USED', message: 'used' }, 409);
    await expect(api.trustUnlock({ email: 'ana', password: 'secret' })).rejects.toMatchObject({ status: 409, code: 'TRUST_UNLOCK_ALREADY_USED' });
  });

  it('signs a share link in by its token and reads the temporary user back', async () => {
    const { calls, api } = answering({ id: 40, name: 'share', email: 'share-40', attributes: { isShared: true } });
    await expect(api.shareLogin('f3a9')).resolves.toMatchObject({ id: 40, attributes: { isShared: true } });
    expect(calls[0]).toMatchObject({ url: '/rastro/shares/login', method: 'POST', body: JSON.stringify({ token: 'f3a9' }) });
  });

  it('takes the way back from "log in as" with its token, and a spent one is refused with the gateway’s code', async () => {
    const { calls, api } = answering({ id: 1, name: 'Admin', email: 'admin', attributes: {} });
    await expect(api.wayBack('w4y')).resolves.toMatchObject({ id: 1 });
    expect(calls[0]).toMatchObject({ url: '/rastro/session/way-back', method: 'POST', body: JSON.stringify({ token: 'w4y' }) });
    await expect(answering({ code: 'WAY_BACK_INVALID' }, 403).api.wayBack('w4y')).rejects.toMatchObject({ status: 403, code: 'WAY_BACK_INVALID' });
  });

  it('turns an expired share into an error carrying the gateway’s code', async () => {
    const { api } = answering({ code: 'INVALID_SHARE' }, 403);
    await expect(api.shareLogin('old')).rejects.toMatchObject({ status: 403 });
  });
});
