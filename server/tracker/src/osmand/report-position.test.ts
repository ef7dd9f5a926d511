import { fix } from '../events/test-fixes';
import type { OsmandReport } from './osmand-request';
import { positionFromReport } from './report-position';

const now = new Date('2026-03-02T13:00:00Z');
const reportedAt = new Date('2026-03-02T12:59:30Z');
const report = (fields: Partial<OsmandReport> = {}): OsmandReport => ({
  uniqueId: '123',
  fixTime: reportedAt,
  valid: true,
  latitude: null,
  longitude: null,
  altitude: 5,
  speed: 3,
  course: 45,
  accuracy: 20,
  network: null,
  attributes: { batteryLevel: 40, ignition: false },
  ...fields,
});

describe('the position an OsmAnd report makes', () => {
  it('takes the coordinates, time and validity the report gives', () => {
    const position = positionFromReport(7, report({ latitude: -23.5, longitude: -46.6, valid: false }), fix(7), now);
    expect(position).toMatchObject({ deviceId: 7, protocol: 'osmand', latitude: -23.5, longitude: -46.6, valid: false, fixTime: reportedAt, deviceTime: reportedAt, serverTime: now, speed: 3 });
  });

  it("without coordinates, is the device's last fix, validity included, dated by the report, with the report's data", () => {
    const last = fix(7, { latitude: -23.51, longitude: -46.61, valid: false, altitude: 760, speed: 12, course: 270, accuracy: 8 });
    const position = positionFromReport(7, report(), last, now);
    expect(position).toMatchObject({
      latitude: -23.51,
      longitude: -46.61,
      valid: false,
      altitude: 760,
      speed: 12,
      course: 270,
      accuracy: 8,
      fixTime: last.fixTime,
      deviceTime: reportedAt,
      attributes: { batteryLevel: 40, ignition: false },
    });
  });

  it('without coordinates nor a time, is dated by the server clock', () => {
    expect(positionFromReport(7, report({ fixTime: null }), fix(7), now).deviceTime).toEqual(now);
  });

  it('without coordinates from a device that never reported, lies at 0,0 with its fix dated at the epoch, as Traccar', () => {
    const position = positionFromReport(7, report({ valid: true }), undefined, now);
    expect(position).toMatchObject({ latitude: 0, longitude: 0, fixTime: new Date(0), deviceTime: reportedAt, valid: true, speed: 3, course: 45, attributes: { batteryLevel: 40 } });
  });
});
