import { adminApi } from './admin-api';
import { expect, test } from './fixtures';
import { createDevice, reportFix } from './fleet-support';

/** A page of `GET /rastro/devices/{id}/logs`, as much of it as this test reads. */
interface DeviceLog {
  items: Array<{ userId: number | null; action: string; deviceId: number | null; changes: unknown }>;
}

const DEPOT = { lat: -23.55, lon: -46.63 };
// About 1.1 km south: well outside a 150 m anchor at the depot.
const AWAY = { lat: -23.56, lon: -46.63 };

// Issue 4's check, on the whole product: the gateway follows the tracker's events with its service
// account (the embedded start's demo administrator) and stops the engine of a device leaving its anchor.
test('a device driven out of its anchor gets engineStop from the gateway, written in its log', async () => {
  const api = await adminApi();
  try {
    const uniqueId = `anchor${Date.now()}`;
    const device = await createDevice(api, { name: `Âncora ${uniqueId}`, uniqueId });
    let fixTime = Date.now() - 60_000;
    const fixAt = (place: typeof DEPOT) => reportFix(uniqueId, { ...place, timestamp: new Date((fixTime += 10_000)).toISOString() });
    await fixAt(DEPOT);

    // As the anchor toggle saves it (SPEC §4, §7): a 150 m circle where the device stands, linked to it.
    const saved = await api.post('/api/geofences', {
      data: { id: -1, name: `Âncora de ${uniqueId}`, description: '', area: `CIRCLE (${DEPOT.lat} ${DEPOT.lon}, 150)`, calendarId: 0, attributes: { isAnchor: true, deviceId: device.id } },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const anchor = (await saved.json()) as { id: number };
    const linked = await api.post('/api/permissions', { data: { deviceId: device.id, geofenceId: anchor.id } });
    expect(linked.ok(), await linked.text()).toBe(true);

    // The tracker reads its geofences anew within a second of a change: fixes at the depot until one is inside the anchor.
    const latestInside = async () => {
      await fixAt(DEPOT);
      const latest = (await (await api.get('/api/positions')).json()) as Array<{ deviceId: number; geofenceIds?: number[] | null }>;
      return latest.find((position) => position.deviceId === device.id)?.geofenceIds ?? [];
    };
    await expect.poll(latestInside, { intervals: [200] }).toContain(anchor.id);
    await fixAt(AWAY);

    const engineStops = async () => ((await (await api.get(`/rastro/devices/${device.id}/logs?action=engineStop`)).json()) as DeviceLog).items;
    await expect.poll(engineStops, { timeout: 10_000 }).toHaveLength(1);
    // Sent by the gateway itself (no user), for the anchor it left; the tracker queued it (202: an
    // OsmAnd phone takes no live commands), which is all the tracking API shows of a queued command.
    expect((await engineStops())[0]).toMatchObject({
      userId: null,
      action: 'engineStop',
      deviceId: device.id,
      changes: { by: 'automation', rule: 'anchor', geofenceId: anchor.id, delivery: 'queued' },
    });
  } finally {
    await api.dispose();
  }
});
