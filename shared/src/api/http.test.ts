/**
 * @jest-environment node
 */
import { ApiError, createHttpClient, errorCodeFromText, toQueryString } from './http';

function fakeFetch(status: number, body: string, capture?: (url: string, init: RequestInit) => void): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    capture?.(url, init);
    return new Response(body, { status });
  }) as unknown as typeof fetch;
}

describe('toQueryString', () => {
  it('repeats keys for arrays and leaves out empty values, as Traccar reads them', () => {
    expect(toQueryString({ id: [1, 2], deviceId: 7, empty: undefined, none: null })).toBe('?id=1&id=2&deviceId=7');
    expect(toQueryString({})).toBe('');
  });
});

describe('errorCodeFromText', () => {
  it('turns Traccar error texts into SPEC §8 codes', () => {
    expect(errorCodeFromText('jakarta.ws.rs.WebApplicationException: HTTP 401 Unauthorized\n\tat org...', 'X')).toBe('HTTP_401_UNAUTHORIZED');
    expect(errorCodeFromText('Account is suspended - contact support', 'X')).toBe('ACCOUNT_IS_SUSPENDED');
    expect(errorCodeFromText('User is disabled', 'X')).toBe('USER_IS_DISABLED');
    expect(errorCodeFromText('', 'HTTP_500')).toBe('HTTP_500');
  });
});

describe('createHttpClient', () => {
  it('sends credentials, a form body and the accept header', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const client = createHttpClient({ baseUrl: '/api', timeoutMs: 1000, fetchImpl: fakeFetch(200, '{"ok":true}', (url, init) => (seen = { url, init })) });
    await expect(client.json('/session', { method: 'POST', form: { email: 'a@b.c', password: 'x' } })).resolves.toEqual({ ok: true });
    expect(seen?.url).toBe('/api/session');
    expect(seen?.init.credentials).toBe('include');
    expect(seen?.init.body).toBe('email=a%40b.c&password=x');
    expect((seen?.init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('accepts any status below 400 and rejects from 400 with the error code', async () => {
    const accepted = createHttpClient({ baseUrl: '', timeoutMs: 1000, fetchImpl: fakeFetch(202, '') });
    await expect(accepted.request('/x')).resolves.toHaveProperty('status', 202);

    const refused = createHttpClient({ baseUrl: '', timeoutMs: 1000, fetchImpl: fakeFetch(400, '{"code":"USER_DEVICE_LIMIT_REACHED","fields":[]}') });
    await expect(refused.request('/x')).rejects.toMatchObject({ status: 400, code: 'USER_DEVICE_LIMIT_REACHED' });
  });

  it('gives up after its timeout with code TIMEOUT', async () => {
    const never = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))))) as unknown as typeof fetch;
    const client = createHttpClient({ baseUrl: '', timeoutMs: 20, fetchImpl: never });
    const error = await client.request('/slow').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
  });

  it('gives up when the caller cancels, with code ABORTED', async () => {
    const never = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))))) as unknown as typeof fetch;
    const client = createHttpClient({ baseUrl: '', timeoutMs: 60_000, fetchImpl: never });
    const cancel = new AbortController();
    const pending = client.request('/long-report', { signal: cancel.signal }).catch((caught: unknown) => caught);
    cancel.abort();
    expect(await pending).toMatchObject({ code: 'ABORTED' });
  });
});
