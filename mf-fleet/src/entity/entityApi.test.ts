import { createHttpClient, errorMessage, initI18n, ApiError } from '@rastro/shared';
import { z } from 'zod';
import { createEntityApi, isNewEntity } from './entityApi';
import { registerFleetCatalogs } from '../locales/catalog';

const groupSchema = z.object({ id: z.number(), name: z.string() });

function recordingHttp(answer: unknown = { id: 7, name: 'Norte' }) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    // jsdom has no Response: the client only reads status and text().
    return { status: 200, text: async () => JSON.stringify(answer) };
  }) as unknown as typeof fetch;
  return { http: createHttpClient({ baseUrl: '/api', timeoutMs: 1000, fetchImpl }), calls };
}

describe('entity API', () => {
  it('creates when the id is missing or 0 and updates otherwise (SPEC §5)', async () => {
    expect(isNewEntity({})).toBe(true);
    expect(isNewEntity({ id: 0 })).toBe(true);
    expect(isNewEntity({ id: 3 })).toBe(false);

    const { http, calls } = recordingHttp();
    const api = createEntityApi({ apiPath: '/groups', schema: groupSchema }, http);
    await api.save({ id: 0, name: 'Norte' });
    await api.save({ name: 'Sul' });
    await api.save({ id: 7, name: 'Norte' });
    await api.remove(7);
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual(['POST /api/groups', 'POST /api/groups', 'PUT /api/groups/7', 'DELETE /api/groups/7']);
    expect(calls[0]?.body).toEqual({ name: 'Norte' });
    expect(calls[2]?.body).toEqual({ id: 7, name: 'Norte' });
  });
});

describe('error messages', () => {
  beforeAll(async () => {
    await initI18n('en-US');
    registerFleetCatalogs();
  });

  it('translate known server codes and fall back to the screen message', () => {
    expect(errorMessage(new ApiError(400, 'USER_DEVICE_LIMIT_REACHED', ''), 'fleet.form.saveError')).toBe('User device limit reached.');
    expect(errorMessage(new ApiError(500, 'HTTP_500', ''), 'fleet.form.saveError')).toBe('The device could not be saved.');
    expect(errorMessage(new Error('boom'), 'fleet.form.deleteError')).toBe('Unexpected error while deleting the device.');
  });
});
