import type { PositionRecord } from '../entities/position';
import { tripsReport, type ReportContext } from './report-kinds';
import type { ReportScope } from './report-scope';
import { TrackBuilder } from './track-builder';

const DEVICES = [1, 2, 3];

/** Three devices with two trips each, and the order their tracks were read in. */
function fleet() {
  const reads: number[] = [];
  const tracks = new Map(DEVICES.map((id) => [id, new TrackBuilder({ deviceId: id }).drive(20, 36).park(30).drive(20, 36).park(30).build()]));
  const context = {
    positions: {
      async *track(deviceId: number): AsyncGenerator<PositionRecord[]> {
        reads.push(deviceId);
        yield tracks.get(deviceId) ?? [];
      },
    },
    entities: { list: async () => [] },
    serverSettings: { get: async () => ({ attributes: {} }) },
  } as unknown as ReportContext;
  const scope = {
    devices: DEVICES.map((id) => ({ id, name: `Van ${id}`, groupId: 0, attributes: {} })),
    from: new Date('2024-05-01T00:00:00Z'),
    to: new Date('2024-05-02T00:00:00Z'),
    query: {},
  } as unknown as ReportScope;
  return { report: tripsReport(context), scope, reads };
}

it("answers every device's trips, device after device", async () => {
  const { report, scope, reads } = fleet();
  expect((await report.rows(scope)).map((trip) => trip.deviceName)).toEqual(['Van 1', 'Van 1', 'Van 2', 'Van 2', 'Van 3', 'Van 3']);
  expect(reads).toEqual([1, 2, 3]);
});

it("stops reading tracks once it has a page's worth: the first page of the trips helper reads the first devices only", async () => {
  const { report, scope, reads } = fleet();
  const all = await report.rows(scope);
  reads.length = 0;

  const enoughForThree = await report.rows(scope, 3);
  expect(reads).toEqual([1, 2]);
  expect(enoughForThree).toEqual(all.slice(0, 4));
});
