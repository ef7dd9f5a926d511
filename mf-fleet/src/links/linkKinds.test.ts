import type { Geofence } from '@rastro/shared';
import { linkKinds, linkKindsFor, permissionBody } from './linkKinds';

describe('links', () => {
  it('names the owner first in the permission body, as Traccar reads it', () => {
    const geofences = linkKinds.find((kind) => kind.id === 'geofences')!;
    expect(Object.keys(permissionBody({ key: 'groupId', id: 3 }, geofences, 9))).toEqual(['groupId', 'geofenceId']);
    expect(permissionBody({ key: 'deviceId', id: 1 }, linkKinds.find((kind) => kind.id === 'computed')!, 2)).toEqual({ deviceId: 1, attributeId: 2 });
  });

  it('links a user to its devices, groups and calendars too, the user named first', () => {
    expect(linkKindsFor({ key: 'userId' }).map((kind) => kind.id)).toEqual(['devices', 'groups', 'calendars', 'geofences', 'notifications', 'drivers', 'computed', 'commands', 'maintenance']);
    expect(permissionBody({ key: 'userId', id: 7 }, linkKinds.find((kind) => kind.id === 'devices')!, 3)).toEqual({ userId: 7, deviceId: 3 });
  });

  it("offers every kind of Traccar's connections but not a device's anchor geofence", () => {
    expect(linkKindsFor({ key: 'deviceId' }).map((kind) => kind.id)).toEqual(['geofences', 'notifications', 'drivers', 'computed', 'commands', 'maintenance']);
    expect(linkKindsFor({ key: 'groupId' }).map((kind) => kind.id)).toEqual(['geofences', 'notifications', 'drivers', 'computed', 'commands', 'maintenance']);
    const geofences = linkKinds.find((kind) => kind.id === 'geofences')!;
    const anchor = { id: 1, name: 'Âncora', area: 'CIRCLE (0 0, 150)', attributes: { isAnchor: true, deviceId: 4 } } as unknown as Geofence;
    expect(geofences.offered?.(anchor)).toBe(false);
    expect(geofences.offered?.({ ...anchor, attributes: {} } as Geofence)).toBe(true);
  });
});
