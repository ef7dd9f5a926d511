import { kmhToMetresPerSecond, metresPerSecondToKnots } from '../simulator/geo';
import { stopItem, tripItem } from './report-items';
import { TrackBuilder } from './track-builder';
import { detectTripsAndStops } from './trips-and-stops';
import { TRACCAR_TRIPS_CONFIG } from './trips-config';

const device = { id: 1, name: 'Fiorino 01', attributes: {} };
const MINUTE = 60_000;
const at = (minutes: number) => new Date(new Date('2024-05-01T08:00:00Z').getTime() + minutes * MINUTE);
const KNOTS_AT_36_KMH = metresPerSecondToKnots(kmhToMetresPerSecond(36));

function report(builder: TrackBuilder) {
  const { trips, stops } = detectTripsAndStops(builder.build(), TRACCAR_TRIPS_CONFIG);
  return { trips: trips.map((trip) => tripItem(device, trip, new Map())), stops: stops.map((stop) => stopItem(device, stop)) };
}

describe('trips and stops, as Traccar detects them', () => {
  // 20 min at 36 km/h (12 km), 30 min parked, 20 min at 36 km/h again; a fix every 10 s.
  const driveParkDrive = (options = {}) => new TrackBuilder(options).drive(20, 36).park(30).drive(20, 36);

  it('cuts drive–park–drive into two trips around one stop', () => {
    const { trips, stops } = report(driveParkDrive());

    expect(trips).toHaveLength(2);
    // The first trip runs to the first parked fix; the second one to the last fix, still driving.
    expect(trips[0]).toMatchObject({ startTime: at(0), endTime: at(20), duration: 20 * MINUTE, distance: 12_000, startOdometer: 0, endOdometer: 12_000 });
    expect(trips[1]).toMatchObject({ startTime: at(50), endTime: at(70 - 1 / 6), duration: 20 * MINUTE - 10_000, distance: 11_900 });
    expect(trips[0]?.averageSpeed).toBeCloseTo(KNOTS_AT_36_KMH, 6);
    expect(trips[0]?.maxSpeed).toBeCloseTo(KNOTS_AT_36_KMH, 6);
    expect(trips[0]?.spentFuel).toBeCloseTo(1.2, 6);
    expect(trips[0]).toMatchObject({ deviceId: 1, deviceName: 'Fiorino 01', startPositionId: 1, endPositionId: 121, driverUniqueId: null, driverName: null });

    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ startTime: at(20), endTime: at(50), duration: 30 * MINUTE, positionId: 121, distance: 0, engineHours: 0 });
    expect(stops[0]?.latitude).toBe(trips[0]?.endLat);
    expect(stops[0]?.longitude).toBe(trips[0]?.endLon);
  });

  it('measures the distance from the coordinates when positions carry no totalDistance', () => {
    const { trips } = report(driveParkDrive({ totalDistance: false }));
    expect(trips.map((trip) => Math.round(trip.distance))).toEqual([12_000, 11_900]);
    // Without totalDistance there is no odometer to report.
    expect(trips[0]).toMatchObject({ startOdometer: 0, endOdometer: 0 });
  });

  it('falls back to speed when positions carry no motion attribute', () => {
    const { trips, stops } = report(driveParkDrive({ motion: false }));
    expect(trips.map((trip) => [trip.startTime, trip.endTime])).toEqual([
      [at(0), at(20)],
      [at(50), at(70 - 1 / 6)],
    ]);
    expect(stops).toHaveLength(1);
  });

  it('ignores hops shorter than the minimal trip distance and duration: all one stop', () => {
    // 1 min at 18 km/h is 300 m: neither 500 m nor 5 min.
    const builder = new TrackBuilder().park(10).drive(1, 18).park(10).drive(1, 18).park(10);
    const { trips, stops } = report(builder);
    expect(trips).toEqual([]);
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ startTime: at(0), endTime: at(32 - 1 / 6) });
  });

  it('counts a slow crawl as a trip once it lasts the minimal trip duration', () => {
    // 10 min at 2 km/h: 333 m, under 500 m, but longer than 5 min.
    const { trips } = report(new TrackBuilder().park(10).drive(10, 2).park(10));
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ startTime: at(10), endTime: at(20) });
  });

  it('does not end a trip at a stop shorter than the minimal parking duration', () => {
    const { trips, stops } = report(new TrackBuilder().drive(10, 36).park(4).drive(10, 36).park(10));
    expect(trips.map((trip) => [trip.startTime, trip.endTime])).toEqual([[at(0), at(24)]]);
    expect(stops.map((stop) => [stop.startTime, stop.endTime])).toEqual([[at(24), at(34 - 1 / 6)]]);
  });

  it('splits a trip at a silence longer than the minimal no-data duration', () => {
    const { trips } = report(new TrackBuilder().drive(20, 36).silence(120).drive(20, 36));
    expect(trips).toHaveLength(2);
    // The first trip ends at the last fix before the silence. The first fix after it only closes
    // that trip, so (as in Traccar) the next trip starts at the second one.
    expect(trips[0]).toMatchObject({ startTime: at(0), endTime: at(20 - 1 / 6), distance: 11_900 });
    expect(trips[1]).toMatchObject({ startTime: at(140 + 1 / 6), endTime: at(160 - 1 / 6) });
  });

  it('keeps one trip across a silence shorter than the minimal no-data duration', () => {
    const { trips } = report(new TrackBuilder().drive(20, 36).silence(30).drive(20, 36));
    expect(trips).toHaveLength(1);
  });

  it('finds nothing in an empty track', () => {
    expect(detectTripsAndStops([], TRACCAR_TRIPS_CONFIG)).toEqual({ trips: [], stops: [] });
  });

  it('names the driver from the positions', () => {
    const positions = new TrackBuilder().drive(20, 36).build();
    for (const position of positions) position.attributes.driverUniqueId = 'D-42';
    const { trips } = detectTripsAndStops(positions, TRACCAR_TRIPS_CONFIG);
    const trip = tripItem(device, trips[0]!, new Map([['D-42', 'Ana Souza']]));
    expect(trip).toMatchObject({ driverUniqueId: 'D-42', driverName: 'Ana Souza' });
  });
});
