import type { PositionRecord } from '../entities/position';
import type { FleetConfig } from './fleet-config';
import { MotionEventSource } from './motion-events';
import { EMPTY_CONFIG, fix, fleetConfig } from './test-fixes';

/** Feeds one device's fixes one step at a time, as the ingest does; the events of each step. */
async function feed(source: MotionEventSource, fixes: PositionRecord[]): Promise<Array<[string, number]>> {
  const found: Array<[string, number]> = [];
  let previous: PositionRecord | undefined;
  for (const position of fixes) {
    const events = await source.eventsFor({ positions: [{ position, previous }], statusChanges: [], now: position.fixTime });
    found.push(...events.map((event): [string, number] => [event.type, event.positionId]));
    previous = position;
  }
  return found;
}

/** Fixes 10 s apart, in stretches of [count, moving]; 100 m of odometer per moving fix. */
function track(deviceId: number, stretches: Array<[count: number, moving: boolean]>): PositionRecord[] {
  const fixes: PositionRecord[] = [];
  let odometer = 0;
  for (const [count, moving] of stretches) {
    for (let index = 0; index < count; index++) {
      if (moving) odometer += 100;
      fixes.push(fix(deviceId, { secondsLater: fixes.length * 10, speed: moving ? 20 : 0, attributes: { motion: moving, totalDistance: odometer } }));
    }
  }
  return fixes;
}

const source = (config: FleetConfig = EMPTY_CONFIG) => new MotionEventSource({ current: () => config });

describe('deviceMoving / deviceStopped, confirmed by the trip detector', () => {
  it('fires once per confirmed change, pointing at the fix where the motion began or ended', async () => {
    const fixes = track(1, [[3, false], [40, true], [40, false]]);
    const moved = fixes[3] as PositionRecord;
    const halted = fixes[43] as PositionRecord;
    // Traccar's defaults: a trip once it covers 500 m; a stop once it lasts 5 minutes.
    expect(await feed(source(), fixes)).toEqual([
      ['deviceMoving', moved.id],
      ['deviceStopped', halted.id],
    ]);
  });

  it('a short hop (under 500 m and 5 min) and a brief halt in traffic are not events', async () => {
    expect(await feed(source(), track(2, [[3, false], [3, true], [5, false]]))).toEqual([]);
    // Driving with a 60 s halt in the middle: one trip, no stop.
    expect((await feed(source(), track(5, [[3, false], [10, true], [6, false], [10, true]]))).map(([type]) => type)).toEqual(['deviceMoving']);
  });

  it("honours the device's (or its group's, or the server's) report.trip settings", async () => {
    const config = fleetConfig({
      devices: [{ id: 3, name: 'Moto', groupId: 9, attributes: { 'report.trip.minimalTripDistance': 150 } }],
      groups: [{ id: 9, groupId: 0, attributes: { 'report.trip.minimalParkingDuration': '30' } }],
      serverAttributes: { 'report.trip.minimalTripDuration': 3600 },
    });
    expect((await feed(source(config), track(3, [[3, false], [3, true], [5, false]]))).map(([type]) => type)).toEqual(['deviceMoving', 'deviceStopped']);
  });

  it('a first fix only sets the state, and a late fix changes nothing', async () => {
    const motion = source();
    const driving = fix(4, { secondsLater: 600, speed: 30, attributes: { motion: true, totalDistance: 0 } });
    expect(await feed(motion, [driving])).toEqual([]);
    const late = fix(4, { secondsLater: 0, attributes: { motion: false, totalDistance: 0 } });
    expect(await motion.eventsFor({ positions: [{ position: late, previous: driving }], statusChanges: [], now: driving.fixTime })).toEqual([]);
  });
});
