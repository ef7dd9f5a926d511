import type { FastifyBaseLogger } from 'fastify';
import type { NewEvent } from '../entities/event';
import { InactivityCheck, inactivityDue } from './inactivity-check';
import { fleetConfig } from './test-fixes';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-02T12:00:00Z');

// Device 1: inactive after 10 min, then every 30 min. Device 2 takes its group's start, no repeat.
// Device 3 has no setting (the server's does not count); device 4 never reported.
const config = fleetConfig({
  devices: [
    { id: 1, name: 'Fiat Uno', groupId: 0, attributes: { deviceInactivityStart: 10 * MINUTE, deviceInactivityPeriod: 30 * MINUTE } },
    { id: 2, name: 'Truck 3', groupId: 20, attributes: { deviceInactivityStart: 0 } },
    { id: 3, name: 'Van', groupId: 0, attributes: {} },
    { id: 4, name: 'Bike', groupId: 0, attributes: { deviceInactivityStart: MINUTE } },
  ],
  groups: [{ id: 20, groupId: 0, attributes: { deviceInactivityStart: 20 * MINUTE } }],
  serverAttributes: { deviceInactivityStart: MINUTE },
});
const lastUpdates = new Map([
  [1, new Date(T0)],
  [2, new Date(T0)],
  [3, new Date(T0)],
]);

/** Runs a check each `stepMinutes` from T0 up to `untilMinutes`, and lists [minute of the check, device] per event. */
async function checksEvery(stepMinutes: number, untilMinutes: number): Promise<Array<[number, number]>> {
  const recorded: NewEvent[] = [];
  const check = new InactivityCheck({
    config: { current: () => config },
    lastUpdate: (deviceId) => lastUpdates.get(deviceId) ?? null,
    record: async (events) => void recorded.push(...events),
    intervalMs: stepMinutes * MINUTE,
    log: console as unknown as FastifyBaseLogger,
  });
  for (let minute = stepMinutes; minute <= untilMinutes; minute += stepMinutes) await check.check(new Date(T0 + minute * MINUTE));
  return recorded.map((event) => [(event.eventTime.getTime() - T0) / MINUTE, event.deviceId]);
}

describe('deviceInactive', () => {
  it('comes once deviceInactivityStart has passed since the last update, then every deviceInactivityPeriod', async () => {
    expect(await checksEvery(5, 80)).toEqual([
      [10, 1],
      [20, 2],
      [40, 1],
      [70, 1],
    ]);
  });

  it('raises each moment once, whatever the checks’ spacing (Traccar looks every 15 minutes)', async () => {
    expect(await checksEvery(15, 90)).toEqual([
      [15, 1],
      [30, 2],
      [45, 1],
      [75, 1],
    ]);
  });

  it('is an event without a position, dated at the check, with the last update', async () => {
    const recorded: NewEvent[] = [];
    const check = new InactivityCheck({
      config: { current: () => config },
      lastUpdate: (deviceId) => (deviceId === 1 ? new Date(T0) : null),
      record: async (events) => void recorded.push(...events),
      log: console as unknown as FastifyBaseLogger,
    });
    await check.check(new Date(T0 + 10 * MINUTE + 30_000));
    expect(recorded).toEqual([
      { type: 'deviceInactive', eventTime: new Date(T0 + 10 * MINUTE + 30_000), deviceId: 1, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: { lastUpdate: T0 } },
    ]);
  });

  it('inactivityDue: the first moment, the repeats, nothing before the start or without a start', () => {
    const settings = { startMs: 10, periodMs: 5 };
    expect([inactivityDue(0, settings, 0, 9), inactivityDue(0, settings, 9, 10), inactivityDue(0, settings, 10, 14), inactivityDue(0, settings, 14, 15)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(inactivityDue(0, { startMs: 10, periodMs: 0 }, 14, 100)).toBe(false);
    expect(inactivityDue(0, { startMs: 0, periodMs: 5 }, 0, 100)).toBe(false);
  });
});
