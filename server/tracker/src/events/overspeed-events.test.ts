import type { PositionRecord } from '../entities/position';
import type { FleetConfig } from './fleet-config';
import { GeofenceLocator } from './geofence-locator';
import { overspeedEvents } from './overspeed-events';
import { fix, fleetConfig } from './test-fixes';

// Real places in São Paulo: the Praça da Sé (inside two geofences) and the MASP (in none).
const PRACA_DA_SE = { latitude: -23.5503, longitude: -46.6339 };
const MASP = { latitude: -23.5614, longitude: -46.6559 };
const SE_SQUARE = 200;
const CENTRE = 300;

function configWith(serverAttributes: Record<string, unknown> = {}): FleetConfig {
  return fleetConfig({
    devices: [
      { id: 1, name: 'Fiat Uno', groupId: 0, attributes: { speedLimit: 50 } },
      { id: 5, name: 'Van', groupId: 10, attributes: {} },
    ],
    groups: [{ id: 10, groupId: 0, attributes: { speedLimit: 30 } }],
    geofences: [
      { id: SE_SQUARE, name: 'Praça da Sé', area: 'CIRCLE (-23.5503 -46.6339, 300)', attributes: { speedLimit: 20 } },
      { id: CENTRE, name: 'Centro', area: 'CIRCLE (-23.5503 -46.6339, 2000)', attributes: { speedLimit: 35 } },
    ],
    deviceLinks: { geofence: [[1, SE_SQUARE], [1, CENTRE]], maintenance: [], notification: [] },
    serverAttributes,
  });
}

/** Feeds fixes to a fresh detector (one device's stream, each after the one before) and lists the events. */
function replay(fixes: PositionRecord[], config = configWith()) {
  const detect = overspeedEvents(new GeofenceLocator());
  return fixes.flatMap((current, index) => detect(current, fixes[index - 1], config));
}

const atMasp = (secondsLater: number, speed: number, fields: Partial<PositionRecord> = {}) => fix(1, { ...MASP, secondsLater, speed, ...fields });

describe('overspeed events', () => {
  it('fire once when the device starts exceeding its own limit (knots), not on every fast fix, and again after it slowed down', () => {
    const fixes = [atMasp(0, 45), atMasp(1, 60), atMasp(2, 65), atMasp(3, 40), atMasp(4, 55)];
    const events = replay(fixes);
    expect(events.map((event) => [event.type, event.positionId, event.geofenceId, event.attributes])).toEqual([
      ['deviceOverspeed', fixes[1]?.id, 0, { speed: 60, speedLimit: 50 }],
      ['deviceOverspeed', fixes[4]?.id, 0, { speed: 55, speedLimit: 50 }],
    ]);
  });

  it('wait for event.overspeed.minimalDuration (s) of fix time above the limit, and report the fix that completes it', () => {
    const config = configWith({ 'event.overspeed.minimalDuration': 30 });
    const sustained = [atMasp(0, 40), atMasp(10, 60), atMasp(25, 70), atMasp(40, 65), atMasp(55, 66)];
    const events = replay(sustained, config);
    expect(events.map((event) => [event.positionId, event.attributes.speed])).toEqual([[sustained[3]?.id, 65]]);

    // Slowing down in between starts the count again.
    const interrupted = [atMasp(0, 60), atMasp(20, 45), atMasp(30, 60), atMasp(50, 61), atMasp(59, 62), atMasp(60, 63)];
    expect(replay(interrupted, config).map((event) => event.positionId)).toEqual([interrupted[5]?.id]);
  });

  it('take the highest limit of the geofences the fix lies in over the device’s, or the lowest with event.overspeed.preferLowest', () => {
    const inSquare = (secondsLater: number, speed: number) => fix(1, { ...PRACA_DA_SE, secondsLater, speed });
    expect(replay([inSquare(0, 10), inSquare(1, 30), inSquare(2, 40)]).map((event) => [event.geofenceId, event.attributes])).toEqual([
      [CENTRE, { speed: 40, speedLimit: 35 }],
    ]);
    const lowest = configWith({ 'event.overspeed.preferLowest': true });
    expect(replay([inSquare(0, 10), inSquare(1, 30)], lowest).map((event) => [event.geofenceId, event.attributes])).toEqual([
      [SE_SQUARE, { speed: 30, speedLimit: 20 }],
    ]);
  });

  it('take the group’s limit when the device has none, scaled by event.overspeed.thresholdMultiplier, and need some limit', () => {
    const van = (secondsLater: number, speed: number) => fix(5, { ...MASP, secondsLater, speed });
    expect(replay([van(0, 20), van(1, 31)])).toHaveLength(1);
    expect(replay([van(0, 20), van(1, 31), van(2, 34)], configWith({ 'event.overspeed.thresholdMultiplier': 1.1 })).map((event) => event.attributes)).toEqual([
      { speed: 34, speedLimit: 30 },
    ]);
    expect(replay([fix(2, { speed: 300 })])).toEqual([]);
  });

  it('ignore invalid and late fixes', () => {
    expect(replay([atMasp(0, 40), atMasp(1, 90, { valid: false })])).toEqual([]);
    const detect = overspeedEvents(new GeofenceLocator());
    const config = configWith();
    const latest = atMasp(10, 40);
    expect(detect(atMasp(5, 90), latest, config)).toEqual([]);
  });

  it('after a restart, a device that was already too fast at its previous fix is not reported again', () => {
    const detect = overspeedEvents(new GeofenceLocator());
    expect(detect(atMasp(1, 70), atMasp(0, 65), configWith())).toEqual([]);
    expect(detect(atMasp(2, 70), atMasp(1, 70), configWith())).toEqual([]);
  });
});
