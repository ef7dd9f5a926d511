import type { Device, Geofence, HttpClient, Position } from '@rastro/shared';
import { toggleAnchor } from './anchorToggle';

const device: Device = { id: 4, name: 'Van', uniqueId: '1', status: 'online', attributes: {} };
const position: Position = { id: 1, deviceId: 4, latitude: -23.5, longitude: -46.6, speed: 0, course: 0, attributes: {} };

function fakeHttp() {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const http = {
    baseUrl: '/api',
    timeoutMs: 1,
    request: async (path: string, options?: { method?: string; json?: unknown }) => {
      calls.push(`${options?.method ?? 'GET'} ${path}`);
      bodies.push(options?.json);
      return {} as Response;
    },
    json: async (path: string, options?: { method?: string; json?: unknown }) => {
      calls.push(`${options?.method ?? 'GET'} ${path}`);
      bodies.push(options?.json);
      return { id: 77 } as never;
    },
  } as HttpClient;
  return { http, calls, bodies };
}

describe('anchor toggle (SPEC §4)', () => {
  it('creates a 150 m circle at the position and links it to the device', async () => {
    const { http, calls, bodies } = fakeHttp();
    const outcome = await toggleAnchor({ device, position, geofences: [], http, confirm: async () => true, anchorName: 'Âncora Van' });
    expect(outcome).toBe('on');
    expect(calls).toEqual(['POST /geofences', 'POST /permissions']);
    expect(bodies[0]).toEqual({ id: -1, name: 'Âncora Van', description: 'Âncora Van', area: 'CIRCLE (-23.5 -46.6, 150)', calendarId: 0, attributes: { isAnchor: true, deviceId: 4 } });
    expect(bodies[1]).toEqual({ deviceId: 4, geofenceId: 77 });
  });

  it('deletes an existing anchor', async () => {
    const { http, calls } = fakeHttp();
    const anchor: Geofence = { id: 9, name: 'a', area: 'CIRCLE (0 0, 150)', attributes: { isAnchor: true, deviceId: 4 } };
    expect(await toggleAnchor({ device, position, geofences: [anchor], http, confirm: async () => true, anchorName: '' })).toBe('off');
    expect(calls).toEqual(['DELETE /geofences/9']);
  });

  it('changes nothing when the user cancels', async () => {
    const { http, calls } = fakeHttp();
    expect(await toggleAnchor({ device, position, geofences: [], http, confirm: async () => false, anchorName: '' })).toBe('cancelled');
    expect(calls).toEqual([]);
  });
});
