import { fix } from '../events/test-fixes';
import type { PositionRecord } from '../entities/position';
import { distanceProcessor } from './distance-processor';

/** The live fleet as the processor sees it: each device's latest stored fix. */
const liveWith = (...latest: PositionRecord[]) => ({ latestPosition: (deviceId: number) => latest.find((position) => position.deviceId === deviceId) });
const process = (positions: PositionRecord[], live = liveWith()) => distanceProcessor()(positions, live as never) as PositionRecord[];
// 0.001° of latitude is about 111.2 m.
const north = (deviceId: number, thousandths: number, attributes = {}) => fix(deviceId, { latitude: -23.5505 + thousandths / 1000, attributes });

describe("Traccar's distance and totalDistance on every fix", () => {
  it("measures from the device's latest stored fix and adds to its total, to the centimetre", () => {
    const [next] = process([north(1, 1)], liveWith(north(1, 0, { totalDistance: 5_000 })));
    expect(next?.attributes.distance).toBeCloseTo(111.19, 2);
    expect(next?.attributes.totalDistance).toBe(Math.round((5_000 + Number(next?.attributes.distance)) * 100) / 100);
  });

  it("starts a device's first fix at 0, and chains several fixes of one step", () => {
    const [first, second, other] = process([north(1, 0), north(1, 1), north(2, 5)]);
    expect(first?.attributes).toEqual({ distance: 0, totalDistance: 0 });
    expect(second?.attributes.totalDistance).toBeCloseTo(111.19, 2);
    expect(other?.attributes).toEqual({ distance: 0, totalDistance: 0 });
  });

  it("takes the device's own distance when it sends one, and leaves a fix that has its totalDistance alone", () => {
    const [sent] = process([north(1, 1, { distance: 42 })], liveWith(north(1, 0, { totalDistance: 100 })));
    expect(sent?.attributes).toEqual({ distance: 42, totalDistance: 142 });
    const simulated = north(1, 1, { totalDistance: 7 });
    expect(process([simulated], liveWith(north(1, 0, { totalDistance: 100 })))[0]).toBe(simulated);
  });
});
