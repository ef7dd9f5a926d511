import { grantFor, isOpenWrite, matchWriteRoute, type WriteMethod } from './write-routes';

const CALLER = 7;
/** The stored geofences that are anchors, as the tracking server would answer. */
const ANCHOR_GEOFENCES = new Set([40]);

/** The advanced permission a write needs, as the table resolves it; null when it needs none. */
async function grantOf(method: WriteMethod, path: string, body?: unknown) {
  const matched = matchWriteRoute(method, path);
  if (!matched) return null;
  return grantFor(matched.route, { method, path, id: matched.id, body }, { callerId: CALLER, isAnchorGeofence: async (id) => ANCHOR_GEOFENCES.has(id) });
}

describe('the write table', () => {
  it('maps create, edit and delete of each entity to its area', async () => {
    expect(await grantOf('POST', '/api/devices')).toEqual(['devices', 'create']);
    expect(await grantOf('PUT', '/api/devices/12')).toEqual(['devices', 'edit']);
    expect(await grantOf('DELETE', '/api/devices/12')).toEqual(['devices', 'delete']);
    expect(await grantOf('POST', '/api/geofences')).toEqual(['geofences', 'create']);
    expect(await grantOf('PUT', '/api/attributes/computed/3')).toEqual(['computedAttributes', 'edit']);
    expect(await grantOf('DELETE', '/api/maintenance/4')).toEqual(['maintenance', 'delete']);
    expect(await grantOf('POST', '/api/commands')).toEqual(['commands', 'create']);
    expect(await grantOf('DELETE', '/api/users/9')).toEqual(['users', 'delete']);
  });

  it('treats editing one\'s own user as the own-account area', async () => {
    expect(await grantOf('PUT', `/api/users/${CALLER}`)).toEqual(['ownAccount', 'edit']);
    expect(await grantOf('PUT', '/api/users/8')).toEqual(['users', 'edit']);
  });

  it('maps sending a command to lock, unlock or command by its type', async () => {
    expect(await grantOf('POST', '/api/commands/send', { deviceId: 1, type: 'engineStop' })).toEqual(['devices', 'lock']);
    expect(await grantOf('POST', '/api/commands/send', { deviceId: 1, type: 'engineResume' })).toEqual(['devices', 'unlock']);
    expect(await grantOf('POST', '/api/commands/send', { deviceId: 1, type: 'custom' })).toEqual(['devices', 'command']);
    expect(await grantOf('POST', '/api/commands/send', { id: 5, deviceId: 1 })).toEqual(['devices', 'command']);
  });

  it('treats linking two objects as editing the owner, the first key', async () => {
    expect(await grantOf('POST', '/api/permissions', { deviceId: 1, geofenceId: 2 })).toEqual(['devices', 'edit']);
    expect(await grantOf('DELETE', '/api/permissions', { groupId: 1, notificationId: 2 })).toEqual(['groups', 'edit']);
    expect(await grantOf('POST', '/api/permissions', { userId: 9, deviceId: 2 })).toEqual(['users', 'edit']);
    expect(await grantOf('POST', '/api/permissions', { userId: CALLER, geofenceId: 2 })).toEqual(['ownAccount', 'edit']);
    expect(await grantOf('POST', '/api/permissions', 'not json')).toBeNull();
  });

  it('maps the anchor toggle to the devices area\'s anchor action (bit 9), not to geofences', async () => {
    const anchor = { name: 'Anchor', area: 'CIRCLE (1 2, 150)', attributes: { isAnchor: true, deviceId: 3 } };
    expect(await grantOf('POST', '/api/geofences', anchor)).toEqual(['devices', 'anchor']);
    expect(await grantOf('POST', '/api/geofences', { ...anchor, attributes: { isAnchor: 'true' } })).toEqual(['devices', 'anchor']);
    expect(await grantOf('POST', '/api/geofences', { name: 'Depot', area: 'CIRCLE (1 2, 150)' })).toEqual(['geofences', 'create']);
    expect(await grantOf('DELETE', '/api/geofences/40')).toEqual(['devices', 'anchor']);
    expect(await grantOf('DELETE', '/api/geofences/41')).toEqual(['geofences', 'delete']);
    expect(await grantOf('PUT', '/api/geofences/40', { name: 'moved' })).toEqual(['devices', 'anchor']);
    expect(await grantOf('PUT', '/api/geofences/41', { name: 'moved' })).toEqual(['geofences', 'edit']);
    expect(await grantOf('POST', '/api/permissions', { deviceId: 3, geofenceId: 40 })).toEqual(['devices', 'anchor']);
    expect(await grantOf('DELETE', '/api/permissions', { deviceId: 3, geofenceId: 41 })).toEqual(['devices', 'edit']);
    expect(await grantOf('POST', '/api/commands/send', { deviceId: 3, type: 'anchorEnable' })).toEqual(['devices', 'anchor']);
    expect(await grantOf('POST', '/api/commands/send', { deviceId: 3, type: 'anchorDisable' })).toEqual(['devices', 'anchor']);
  });

  it('marks device writes, accumulators included, and only those', () => {
    const deviceWrites = (['POST /api/devices', 'PUT /api/devices/1', 'DELETE /api/devices/1', 'PUT /api/devices/1/accumulators', 'POST /api/geofences', 'PUT /api/users/1'] as const).filter((write) => {
      const [method, path] = write.split(' ') as [WriteMethod, string];
      return matchWriteRoute(method, path)?.route.deviceWrite;
    });
    expect(deviceWrites).toEqual(['POST /api/devices', 'PUT /api/devices/1', 'DELETE /api/devices/1', 'PUT /api/devices/1/accumulators']);
  });

  it('does not match ids that are not numbers, nor unknown paths', () => {
    expect(matchWriteRoute('PUT', '/api/devices/abc')).toBeUndefined();
    expect(matchWriteRoute('POST', '/api/notifications/test')).toBeUndefined();
    expect(matchWriteRoute('PUT', '/api/servers')).toBeUndefined();
  });

  it('keeps the server settings to administrators', () => {
    const adminOnly = (['POST /api/permissions/bulk', 'DELETE /api/permissions/bulk', 'PUT /api/server', 'POST /api/permissions', 'PUT /api/users/1'] as const).filter((write) => {
      const [method, path] = write.split(' ') as [WriteMethod, string];
      return matchWriteRoute(method, path)?.route.adminOnly;
    });
    expect(adminOnly).toEqual(['PUT /api/server']);
  });

  it('judges each item of a bulk link as the single link of the same method', () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const bulk = matchWriteRoute(method, '/api/permissions/bulk')?.route.bulk;
      expect(bulk?.itemAs).toBe('/api/permissions');
      expect(matchWriteRoute(method, bulk!.itemAs)?.route.pattern).toBe('/api/permissions');
    }
  });

  it('leaves signing in and out and password recovery open', () => {
    expect(isOpenWrite('POST', '/api/session')).toBe(true);
    expect(isOpenWrite('DELETE', '/api/session')).toBe(true);
    expect(isOpenWrite('POST', '/api/session/token')).toBe(true);
    expect(isOpenWrite('POST', '/api/password/reset')).toBe(true);
    expect(isOpenWrite('POST', '/api/users')).toBe(false);
    expect(isOpenWrite('PUT', '/api/session')).toBe(false);
  });
});
