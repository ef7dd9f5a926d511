import { alarmEvents } from './alarm-events';
import { commandResultEvents } from './command-result-events';
import { driverEvents } from './driver-events';
import { FixEventSource } from './fix-event-source';
import { ignitionEvents } from './flip-events';
import { StatusEventSource } from './status-events';
import { EMPTY_CONFIG, fix } from './test-fixes';

const types = (events: Array<{ type: string }>) => events.map((event) => event.type);

describe('ignition events', () => {
  it('fires ignitionOn / ignitionOff only when the ignition flips, for the fix that flipped it', () => {
    const off = fix(7, { attributes: { ignition: false } });
    const on = fix(7, { secondsLater: 10, attributes: { ignition: true } });
    const stillOn = fix(7, { secondsLater: 20, attributes: { ignition: true } });
    expect(ignitionEvents(on, off, EMPTY_CONFIG)).toEqual([
      { type: 'ignitionOn', eventTime: on.deviceTime, deviceId: 7, positionId: on.id, geofenceId: 0, maintenanceId: 0, attributes: {} },
    ]);
    expect(ignitionEvents(stillOn, on, EMPTY_CONFIG)).toEqual([]);
    expect(types(ignitionEvents(off, stillOn, EMPTY_CONFIG))).toEqual([]); // a late fix changes nothing
    expect(types(ignitionEvents(fix(7, { secondsLater: 30, attributes: { ignition: 'false' } }), stillOn, EMPTY_CONFIG))).toEqual(['ignitionOff']);
  });

  it('needs both fixes to report the attribute: a first fix or a silent tracker is no change', () => {
    const on = fix(7, { attributes: { ignition: true } });
    expect(ignitionEvents(on, undefined, EMPTY_CONFIG)).toEqual([]);
    expect(ignitionEvents(on, fix(7, { secondsLater: -5 }), EMPTY_CONFIG)).toEqual([]);
  });
});

describe('alarm events', () => {
  it('fires one event per new alarm in the comma-separated attribute', () => {
    const events = alarmEvents(fix(1, { attributes: { alarm: 'sos,lowBattery' } }), undefined, EMPTY_CONFIG);
    expect(events.map((event) => [event.type, event.attributes])).toEqual([
      ['alarm', { alarm: 'sos' }],
      ['alarm', { alarm: 'lowBattery' }],
    ]);
  });

  it('skips alarms the previous fix already carried', () => {
    const before = fix(1, { attributes: { alarm: 'sos' } });
    expect(alarmEvents(fix(1, { secondsLater: 1, attributes: { alarm: 'sos,door' } }), before, EMPTY_CONFIG).map((event) => event.attributes)).toEqual([{ alarm: 'door' }]);
    expect(alarmEvents(fix(1, { secondsLater: 2 }), before, EMPTY_CONFIG)).toEqual([]);
  });
});

describe('driverChanged events', () => {
  it('fires when another driver identifies, with the driver unique id', () => {
    const ana = fix(2, { attributes: { driverUniqueId: 'ana' } });
    const bruno = fix(2, { secondsLater: 5, attributes: { driverUniqueId: 'bruno' } });
    expect(driverEvents(ana, undefined, EMPTY_CONFIG).map((event) => event.attributes)).toEqual([{ driverUniqueId: 'ana' }]);
    expect(driverEvents(bruno, ana, EMPTY_CONFIG).map((event) => [event.type, event.attributes])).toEqual([['driverChanged', { driverUniqueId: 'bruno' }]]);
    expect(driverEvents(fix(2, { secondsLater: 9, attributes: { driverUniqueId: 'bruno' } }), bruno, EMPTY_CONFIG)).toEqual([]);
    expect(driverEvents(fix(2, { secondsLater: 9 }), bruno, EMPTY_CONFIG)).toEqual([]);
  });
});

describe('commandResult events', () => {
  it('fires when the fix carries a command result', () => {
    expect(commandResultEvents(fix(4, { attributes: { result: 'engine stopped' } }), undefined, EMPTY_CONFIG).map((event) => [event.type, event.attributes])).toEqual([
      ['commandResult', { result: 'engine stopped' }],
    ]);
    expect(commandResultEvents(fix(4), undefined, EMPTY_CONFIG)).toEqual([]);
  });
});

describe('as event sources on an ingest step', () => {
  it('status changes become deviceOnline / deviceOffline / deviceUnknown at the step time, without a position', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    const events = new StatusEventSource().eventsFor({
      positions: [],
      statusChanges: [
        { deviceId: 1, status: 'online' },
        { deviceId: 2, status: 'offline' },
        { deviceId: 3, status: 'unknown' },
      ],
      now,
    });
    expect(events.map((event) => [event.type, event.deviceId, event.positionId, event.eventTime])).toEqual([
      ['deviceOnline', 1, 0, now],
      ['deviceOffline', 2, 0, now],
      ['deviceUnknown', 3, 0, now],
    ]);
  });

  it('a detector runs on every fix of the step, each next to its own previous fix', async () => {
    const source = new FixEventSource({ current: () => EMPTY_CONFIG }, ignitionEvents);
    const [offA, offB] = [fix(1, { attributes: { ignition: false } }), fix(2, { attributes: { ignition: false } })];
    const events = await source.eventsFor({
      positions: [
        { position: fix(1, { secondsLater: 1, attributes: { ignition: true } }), previous: offA },
        { position: fix(2, { secondsLater: 1, attributes: { ignition: false } }), previous: offB },
      ],
      statusChanges: [],
      now: new Date(),
    });
    expect(events.map((event) => [event.type, event.deviceId])).toEqual([['ignitionOn', 1]]);
  });
});
