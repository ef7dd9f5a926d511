import { fleetConfig } from './test-fixes';

// Groups: Frota (1) ⊃ Entregas (2) ⊃ Motos (3). Device 10 is in Motos, device 11 in no group.
const config = fleetConfig({
  devices: [
    { id: 10, name: 'Honda CG', groupId: 3, attributes: {}, uniqueId: '860000000000010', disabled: false },
    { id: 11, name: 'Fiat Uno', groupId: 0, attributes: { speedLimit: 60 } },
  ],
  serverAttributes: { 'report.trip.minimalTripDistance': 800 },
  computedAttributes: [
    { id: 1, attribute: 'speedKmh', expression: 'speed * 1.852', type: 'number', priority: 0 },
    { id: 2, attribute: 'fast', expression: 'speedKmh > 80', type: 'boolean', priority: -5 },
    { id: 3, attribute: 'raw', expression: 'speed', type: 'number', priority: 10 },
  ],
  groups: [
    { id: 1, groupId: 0, attributes: { speedLimit: 40, color: 'red' } },
    { id: 2, groupId: 1, attributes: { speedLimit: 30 } },
    { id: 3, groupId: 2, attributes: {} },
  ],
  geofences: [
    { id: 100, name: 'Depot', area: 'CIRCLE (-23.55 -46.63, 200)', attributes: {} },
    { id: 101, name: 'Broken', area: 'CIRCLE (nowhere)', attributes: {} },
  ],
  notifications: [
    { id: 1, type: 'ignitionOn', always: false, notificators: 'web', attributes: {} },
    { id: 2, type: 'deviceOnline', always: true, notificators: 'web', attributes: {} },
    { id: 3, type: 'ignitionOff', always: false, notificators: 'web', attributes: {} },
  ],
  deviceLinks: { geofence: [[10, 101]], maintenance: [], notification: [[11, 3]], attribute: [[10, 2]] },
  groupLinks: { geofence: [[1, 100]], maintenance: [], notification: [[2, 1]], attribute: [[1, 1], [1, 3]] },
  // Ana (5) has notification 1; Bia (6) manages Ana; Caio (7) manages Bia.
  userNotifications: [[5, 1]],
  managedUsers: [
    [6, 5],
    [7, 6],
  ],
});

describe('FleetConfig', () => {
  it('applies geofences linked to the device or to any of its ancestor groups', () => {
    expect(config.geofencesOf(10).map((geofence) => geofence.id)).toEqual([100, 101]);
    expect(config.geofencesOf(11)).toEqual([]);
  });

  it('keeps a geofence whose stored area does not parse, without a shape', () => {
    expect(config.geofence(101)?.shape).toBeUndefined();
    expect(config.geofence(100)?.shape?.contains({ latitude: -23.55, longitude: -46.63 })).toBe(true);
  });

  it('applies notifications that are linked (directly or through groups) or always on', () => {
    expect(config.notificationsOf(10).map((notification) => notification.id)).toEqual([1, 2]);
    expect(config.notificationsOf(11).map((notification) => notification.id)).toEqual([2, 3]);
  });

  it('reaches a notification’s users and, up the chain, the users who manage them', () => {
    expect([...config.usersOf(1)].sort()).toEqual([5, 6, 7]);
    expect(config.usersOf(2)).toEqual([]);
  });

  it('looks a device attribute up on the device, then its nearest group that has it', () => {
    expect(config.deviceAttribute(11, 'speedLimit')).toBe(60);
    expect(config.deviceAttribute(10, 'speedLimit')).toBe(30);
    expect(config.deviceAttribute(10, 'color')).toBe('red');
    expect(config.deviceAttribute(10, 'nothing')).toBeUndefined();
  });

  it("ends an attribute lookup at the server's attributes", () => {
    expect(config.deviceAttribute(10, 'report.trip.minimalTripDistance')).toBe(800);
  });

  it('applies computed attributes linked to the device or its groups, highest priority first', () => {
    expect(config.computedAttributesOf(10).map((attribute) => attribute.id)).toEqual([3, 1, 2]);
    expect(config.computedAttributesOf(11)).toEqual([]);
  });

  it('finds a device by the identifier it reports', () => {
    expect(config.deviceByUniqueId('860000000000010')?.id).toBe(10);
    expect(config.deviceByUniqueId('unknown')).toBeUndefined();
  });
});
