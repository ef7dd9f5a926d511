import type { EventJson, EventRecord } from '../entities/event';
import { businessHoursCalendarData } from '../seed/demo-calendar';
import { fleetConfig } from './test-fixes';
import { webEventDelivery } from './web-delivery';

const config = fleetConfig({
  devices: [
    { id: 1, name: 'Fiat Uno', groupId: 0, attributes: {} },
    { id: 2, name: 'Truck 3', groupId: 0, attributes: {} },
  ],
  geofences: [{ id: 50, name: 'Depot', area: 'CIRCLE (-23.55 -46.63, 200)', attributes: {} }],
  maintenances: [{ id: 60, name: 'Oil change', type: 'totalDistance', start: 0, period: 1 }],
  drivers: [{ uniqueId: 'ana-01', name: 'Ana' }],
  notifications: [
    { id: 1, type: 'ignitionOn', always: true, notificators: 'mail,web', attributes: {} },
    { id: 2, type: 'ignitionOn', always: true, notificators: 'mail,sms', attributes: {} },
    { id: 3, type: 'geofenceEnter', always: false, notificators: 'web', attributes: {} },
    { id: 4, type: 'alarm', always: true, notificators: 'web', attributes: { alarms: 'sos,door' } },
    { id: 5, type: 'alarm', always: true, notificators: 'web', attributes: {} },
    { id: 6, type: 'deviceOverspeed', always: true, notificators: 'web', attributes: {} },
    { id: 7, type: 'maintenance', always: true, notificators: 'web', attributes: {} },
    { id: 8, type: 'driverChanged', always: true, notificators: 'web', attributes: {} },
    { id: 11, type: 'deviceFuelDrop', always: true, notificators: 'web', attributes: {} },
    { id: 12, type: 'deviceInactive', always: true, notificators: 'web', attributes: {} },
    { id: 9, type: 'ignitionOff', always: true, notificators: 'web', calendarId: 70, attributes: {} },
    { id: 10, type: 'ignitionOff', always: true, notificators: 'web', calendarId: 71, attributes: {} },
  ],
  // Weekdays 08:00–18:00 in São Paulo; 71 is a calendar that no longer exists.
  calendars: [{ id: 70, data: businessHoursCalendarData() }],
  deviceLinks: { geofence: [], maintenance: [], notification: [[2, 3]] },
  userNotifications: [
    [100, 1],
    [101, 2],
    [100, 3],
    [102, 3],
    [100, 4],
    [101, 5],
    [100, 6],
    [100, 7],
    [100, 8],
    [100, 11],
    [100, 12],
    [103, 9],
    [104, 10],
  ],
});

let nextId = 1;
function event(type: string, deviceId: number, details: Partial<EventRecord> = {}): EventRecord {
  return { id: nextId++, type, eventTime: new Date('2026-03-02T12:00:00Z'), deviceId, positionId: 9, geofenceId: 0, maintenanceId: 0, attributes: {}, ...details };
}

async function deliver(...events: EventRecord[]): Promise<Map<number, EventJson[]>> {
  const published: Array<ReadonlyMap<number, readonly EventJson[]>> = [];
  await webEventDelivery({ current: () => config }, { publishEvents: (perUser) => published.push(perUser) })(events);
  const merged = new Map<number, EventJson[]>();
  for (const perUser of published) for (const [userId, list] of perUser) merged.set(userId, [...(merged.get(userId) ?? []), ...list]);
  return merged;
}

const messagesOf = (delivered: Map<number, EventJson[]>, userId: number) => (delivered.get(userId) ?? []).map((json) => json.attributes.message);

describe('web event delivery', () => {
  it('delivers to users of a notification of that type on the web channel, with a message', async () => {
    const delivered = await deliver(event('ignitionOn', 1));
    expect([...delivered.keys()]).toEqual([100]); // 101's notification is mail and sms only
    expect(delivered.get(100)).toEqual([
      expect.objectContaining({ type: 'ignitionOn', deviceId: 1, eventTime: '2026-03-02T12:00:00.000+00:00', attributes: { message: 'Fiat Uno: ignition on' } }),
    ]);
  });

  it('needs the notification to apply to the device (always, or linked to it)', async () => {
    const depot = { geofenceId: 50 };
    expect((await deliver(event('geofenceEnter', 1, depot))).size).toBe(0);
    const delivered = await deliver(event('geofenceEnter', 2, depot));
    expect([...delivered.keys()].sort()).toEqual([100, 102]);
    expect(messagesOf(delivered, 102)).toEqual(['Truck 3 entered geofence Depot']);
  });

  it('delivers an alarm only to notifications that list it', async () => {
    const delivered = await deliver(event('alarm', 1, { attributes: { alarm: 'sos' } }), event('alarm', 1, { attributes: { alarm: 'lowBattery' } }));
    expect([...delivered.keys()]).toEqual([100]);
    expect(messagesOf(delivered, 100)).toEqual(['Fiat Uno: alarm sos']);
  });

  it('writes readable messages with names and km/h', async () => {
    const delivered = await deliver(
      event('deviceOverspeed', 2, { attributes: { speed: 54, speedLimit: 43.2 } }),
      event('maintenance', 2, { maintenanceId: 60 }),
      event('driverChanged', 2, { attributes: { driverUniqueId: 'ana-01' } }),
      event('deviceFuelDrop', 2),
      event('deviceInactive', 2, { positionId: 0, attributes: { lastUpdate: Date.parse('2026-03-01T09:30:00Z') } }),
    );
    expect(messagesOf(delivered, 100)).toEqual([
      'Truck 3 exceeds the speed limit: 100 km/h (limit 80 km/h)',
      'Truck 3: maintenance Oil change is due',
      'Truck 3: driver changed to Ana',
      'Truck 3: fuel drop',
      'Truck 3 has been inactive since 2026-03-01T09:30:00.000+00:00',
    ]);
  });

  it('delivers through a notification with a calendar only while the calendar covers the event time', async () => {
    // Monday 2 March 2026: 09:00 and 20:00 in São Paulo.
    const delivered = await deliver(
      event('ignitionOff', 1, { eventTime: new Date('2026-03-02T12:00:00Z') }),
      event('ignitionOff', 2, { eventTime: new Date('2026-03-02T23:00:00Z') }),
    );
    expect(messagesOf(delivered, 103)).toEqual(['Fiat Uno: ignition off']);
    // Traccar forgets a calendar that is gone: that notification delivers at any time.
    expect(messagesOf(delivered, 104)).toEqual(['Fiat Uno: ignition off', 'Truck 3: ignition off']);
  });

  it('publishes nothing when nobody must hear of the events', async () => {
    const published: unknown[] = [];
    await webEventDelivery({ current: () => config }, { publishEvents: (perUser) => published.push(perUser) })([event('deviceStopped', 1)]);
    expect(published).toEqual([]);
  });
});
