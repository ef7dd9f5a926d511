import { businessHoursCalendarData } from '../seed/demo-calendar';
import { geofenceEvents } from './geofence-events';
import { GeofenceLocator } from './geofence-locator';
import { fix, fleetConfig } from './test-fixes';

// Real places in São Paulo.
const PRACA_DA_SE = { latitude: -23.5503, longitude: -46.6339 };
const OBELISCO_IBIRAPUERA = { latitude: -23.5867, longitude: -46.6559 };
const MASP = { latitude: -23.5614, longitude: -46.6559 };

const IBIRAPUERA = 100;
const SE = 200;
const SE_FOR_ANOTHER_DEVICE = 300;

// Device 1 is in "Entregas" (10), a subgroup of "Frota" (20); the park is linked to "Frota".
const config = fleetConfig({
  devices: [
    { id: 1, name: 'Fiat Uno', groupId: 10, attributes: { speedLimit: 50 } },
    { id: 2, name: 'Truck 3', groupId: 0, attributes: {} },
  ],
  groups: [
    { id: 10, groupId: 20, attributes: {} },
    { id: 20, groupId: 0, attributes: {} },
  ],
  geofences: [
    { id: IBIRAPUERA, name: 'Ibirapuera', area: 'POLYGON ((-23.580 -46.665, -23.580 -46.650, -23.594 -46.650, -23.594 -46.665, -23.580 -46.665))', attributes: {} },
    { id: SE, name: 'Praça da Sé', area: 'CIRCLE (-23.5503 -46.6339, 300)', attributes: { speedLimit: 20 } },
    { id: SE_FOR_ANOTHER_DEVICE, name: 'Sé (truck)', area: 'CIRCLE (-23.5503 -46.6339, 500)', attributes: {} },
  ],
  deviceLinks: {
    geofence: [
      [1, SE],
      [2, SE_FOR_ANOTHER_DEVICE],
    ],
    maintenance: [],
    notification: [],
  },
  groupLinks: { geofence: [[20, IBIRAPUERA]], maintenance: [], notification: [] },
});

describe('geofence events', () => {
  const detect = geofenceEvents(new GeofenceLocator());
  const summary = (events: Array<{ type: string; geofenceId: number }>) => events.map((event) => [event.type, event.geofenceId]);

  it('fires geofenceEnter, then geofenceExit, for a geofence of an ancestor group', () => {
    const atMasp = fix(1, MASP);
    const inPark = fix(1, { ...OBELISCO_IBIRAPUERA, secondsLater: 60 });
    const backAtMasp = fix(1, { ...MASP, secondsLater: 120 });
    expect(summary(detect(inPark, atMasp, config))).toEqual([['geofenceEnter', IBIRAPUERA]]);
    expect(detect(fix(1, { ...OBELISCO_IBIRAPUERA, secondsLater: 90 }), inPark, config)).toEqual([]);
    const exit = detect(backAtMasp, inPark, config);
    expect(summary(exit)).toEqual([['geofenceExit', IBIRAPUERA]]);
    expect(exit[0]).toMatchObject({ deviceId: 1, positionId: backAtMasp.id, eventTime: backAtMasp.deviceTime });
  });

  it('only knows the geofences linked to the device or its groups', () => {
    expect(summary(detect(fix(1, PRACA_DA_SE), fix(1, { ...MASP, secondsLater: -60 }), config))).toEqual([['geofenceEnter', SE]]);
    expect(summary(detect(fix(2, PRACA_DA_SE), fix(2, { ...MASP, secondsLater: -60 }), config))).toEqual([['geofenceEnter', SE_FOR_ANOTHER_DEVICE]]);
    expect(detect(fix(3, PRACA_DA_SE), fix(3, { ...MASP, secondsLater: -60 }), config)).toEqual([]);
  });

  it('starts from where the previous fix was: a device already inside does not "enter" again', () => {
    expect(detect(fix(1, { ...OBELISCO_IBIRAPUERA, secondsLater: 1 }), fix(1, OBELISCO_IBIRAPUERA), config)).toEqual([]);
  });

  it('remembers what was true at the previous fix, so a geofence drawn around a parked car is entered', () => {
    const locator = new GeofenceLocator();
    const parked = fix(2, MASP);
    expect(geofenceEvents(locator)(parked, undefined, config)).toEqual([]);
    const withMasp = fleetConfig({
      geofences: [{ id: 400, name: 'MASP', area: 'CIRCLE (-23.5614 -46.6559, 100)', attributes: {} }],
      deviceLinks: { geofence: [[2, 400]], maintenance: [], notification: [] },
    });
    expect(summary(geofenceEvents(locator)(fix(2, { ...MASP, secondsLater: 1 }), parked, withMasp))).toEqual([['geofenceEnter', 400]]);
  });

  it('an invalid fix (no GPS) stays in the geofences of the previous one', () => {
    const inPark = fix(1, OBELISCO_IBIRAPUERA);
    expect(detect(fix(1, { ...MASP, valid: false, secondsLater: 1 }), inPark, config)).toEqual([]);
  });
});

describe('geofence events with a calendar', () => {
  // The Praça da Sé geofence watched only in business hours (weekdays 08:00–18:00 in São Paulo).
  const HOURS = 70;
  const watched = fleetConfig({
    devices: [{ id: 1, name: 'Fiat Uno', groupId: 0, attributes: {} }],
    geofences: [{ id: SE, name: 'Praça da Sé', area: 'CIRCLE (-23.5503 -46.6339, 300)', calendarId: HOURS, attributes: {} }],
    calendars: [{ id: HOURS, data: businessHoursCalendarData() }],
    deviceLinks: { geofence: [[1, SE]], maintenance: [], notification: [] },
  });
  const detect = geofenceEvents(new GeofenceLocator());
  const types = (events: Array<{ type: string }>) => events.map((event) => event.type);
  // Monday 2 March 2026, in São Paulo time (UTC−3).
  const at = (localTime: string, place: { latitude: number; longitude: number }) => fix(1, { ...place, fixTime: new Date(`2026-03-02T${localTime}:00-03:00`) });

  it('raises enter and exit only while the calendar covers the fix time', () => {
    expect(types(detect(at('09:00', PRACA_DA_SE), at('08:50', MASP), watched))).toEqual(['geofenceEnter']);
    expect(types(detect(at('10:00', MASP), at('09:00', PRACA_DA_SE), watched))).toEqual(['geofenceExit']);
    expect(detect(at('19:00', PRACA_DA_SE), at('18:50', MASP), watched)).toEqual([]);
    expect(detect(at('20:00', MASP), at('19:00', PRACA_DA_SE), watched)).toEqual([]);
  });

  it('a device already inside when the calendar opens does not enter, as in Traccar (the fix still lies in the geofence)', () => {
    expect(detect(at('08:01', PRACA_DA_SE), at('07:59', PRACA_DA_SE), watched)).toEqual([]);
  });

  it('a deleted geofence is left without an event', () => {
    const inside = fix(1, { ...PRACA_DA_SE, geofenceIds: [999] });
    expect(detect(fix(1, { ...MASP, secondsLater: 1 }), inside, watched)).toEqual([]);
  });
});
