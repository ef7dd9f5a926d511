import { ApiError, createHttpClient, MAX_BULK_PERMISSIONS } from '@rastro/shared';
import { sendLinks } from './bulkLinks';

function recordingHttp(status = 204) {
  const calls: Array<{ url: string; method: string; body: Array<Record<string, number>> }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: JSON.parse(String(init.body)) });
    // jsdom has no Response: the client only reads status and text().
    return { status, text: async () => (status < 300 ? '' : JSON.stringify({ code: 'WRITE_ACCESS_DENIED', message: 'no', fields: ['0.geofenceId'] })) };
  }) as unknown as typeof fetch;
  return { http: createHttpClient({ baseUrl: '/api', timeoutMs: 1000, fetchImpl }), calls };
}

const links = (count: number) => Array.from({ length: count }, (_, index) => ({ deviceId: 1, geofenceId: index + 1 }));

describe('bulk links', () => {
  it('sends every link in one request of the bulk call', async () => {
    const { http, calls } = recordingHttp();
    await sendLinks('DELETE', links(3), http);
    expect(calls).toEqual([{ url: '/api/permissions/bulk', method: 'DELETE', body: links(3) }]);
  });

  it('splits more links than one request may carry, in order, and sends nothing for none', async () => {
    const { http, calls } = recordingHttp();
    await sendLinks('POST', links(MAX_BULK_PERMISSIONS + 2), http);
    expect(calls.map((call) => call.body.length)).toEqual([MAX_BULK_PERMISSIONS, 2]);
    expect(calls[1]?.body[0]).toEqual({ deviceId: 1, geofenceId: MAX_BULK_PERMISSIONS + 1 });
    await sendLinks('POST', [], http);
    expect(calls).toHaveLength(2);
  });

  it("stops at the gateway's refusal with its code", async () => {
    const { http, calls } = recordingHttp(403);
    await expect(sendLinks('POST', links(MAX_BULK_PERMISSIONS + 1), http)).rejects.toMatchObject({ status: 403, code: 'WRITE_ACCESS_DENIED' } satisfies Partial<ApiError>);
    expect(calls).toHaveLength(1);
  });
});
