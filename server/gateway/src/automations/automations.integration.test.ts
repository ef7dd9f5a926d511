import type { AuditEntry, AuditPage } from '@rastro/shared/contract';
import { eventually, startTrackingFixture, type TrackingFixture } from '../test-support/tracking-fixture';

const DEPOT = { latitude: -23.55, longitude: -46.63 };
// About 1.1 km south: outside a 150 m circle round the depot.
const AWAY = { latitude: -23.56, longitude: -46.63 };

// Geofence automations against the real tracker: positions come in over OsmAnd, the tracker raises
// geofence events, the gateway hears them on its service account's socket and stops the engine.
describe('device automations', () => {
  let fixture: TrackingFixture;
  let clock = Date.now() - 60 * 60_000;
  const nextTime = () => new Date((clock += 10_000));

  beforeAll(async () => {
    fixture = await startTrackingFixture();
  }, 30_000);

  afterAll(async () => fixture?.close());

  async function deviceInGeofence(uniqueId: string, attributes: (deviceId: number) => Record<string, unknown>): Promise<number> {
    const device = await fixture.admin.call<{ id: number }>('POST', '/api/devices', { name: uniqueId, uniqueId });
    expect(device.status).toBe(200);
    const geofence = await fixture.admin.call<{ id: number }>('POST', '/api/geofences', {
      name: `zone of ${uniqueId}`,
      area: `CIRCLE (${DEPOT.latitude} ${DEPOT.longitude}, 150)`,
      attributes: attributes(device.body.id),
    });
    expect(geofence.status).toBe(200);
    expect((await fixture.admin.call('POST', '/api/permissions', { deviceId: device.body.id, geofenceId: geofence.body.id })).status).toBe(204);
    return device.body.id;
  }

  const engineStops = async (deviceId: number): Promise<AuditEntry[]> => {
    const page = await fixture.admin.call<AuditPage>('GET', `/rastro/devices/${deviceId}/logs?action=engineStop`);
    return page.body.items;
  };

  /** Drives in and out until the automation answers (the first crossing may come before the gateway's socket is up). */
  async function crossUntilStopped(uniqueId: string, deviceId: number, path: Array<typeof DEPOT>): Promise<AuditEntry[]> {
    return eventually(
      async () => {
        for (const point of path) await fixture.report(uniqueId, point.latitude, point.longitude, nextTime());
        await new Promise((resolve) => setTimeout(resolve, 300));
        return engineStops(deviceId);
      },
      (entries) => entries.length > 0,
    );
  }

  it('a device leaving its anchor gets its engine stopped, recorded as the automation’s', async () => {
    const deviceId = await deviceInGeofence('anchor-861', (id) => ({ isAnchor: true, deviceId: id }));
    const [entry] = await crossUntilStopped('anchor-861', deviceId, [DEPOT, AWAY]);
    expect(entry).toMatchObject({ userId: null, action: 'engineStop', objectType: 'device', objectId: deviceId, deviceId });
    // An OsmAnd phone has no live connection: Traccar queues the command (202).
    expect(entry?.changes).toMatchObject({ by: 'automation', rule: 'anchor', delivery: 'queued' });
  });

  it('an anchor of another device, or a plain geofence, stops nothing', async () => {
    const deviceId = await deviceInGeofence('plain-862', () => ({ isAnchor: true, deviceId: 999_999 }));
    for (const point of [DEPOT, AWAY, DEPOT, AWAY]) await fixture.report('plain-862', point.latitude, point.longitude, nextTime());
    // Meanwhile a locking geofence elsewhere proves events are being heard.
    const lockingId = await deviceInGeofence('lock-exit-863', () => ({ lockOnExit: true }));
    await crossUntilStopped('lock-exit-863', lockingId, [DEPOT, AWAY]);
    expect(await engineStops(deviceId)).toEqual([]);
  });

  it('lockOnEnter stops the engine of a device entering the geofence', async () => {
    const deviceId = await deviceInGeofence('lock-enter-864', () => ({ lockOnEnter: true }));
    const [entry] = await crossUntilStopped('lock-enter-864', deviceId, [AWAY, DEPOT]);
    expect(entry?.changes).toMatchObject({ by: 'automation', rule: 'lockOnEnter' });
  });

  it('the service account hears the event types automations follow through always-on web notifications, created once', async () => {
    const notifications = await fixture.admin.call<Array<{ type: string; always: boolean; notificators: string }>>('GET', '/api/notifications');
    for (const type of ['geofenceEnter', 'geofenceExit', 'ignitionOff']) {
      expect(notifications.body.filter((item) => item.type === type && item.always && item.notificators.split(',').includes('web')).length).toBeGreaterThanOrEqual(1);
    }
  });
});
