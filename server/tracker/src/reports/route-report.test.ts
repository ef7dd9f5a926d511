import type { PositionRecord } from '../entities/position';
import { routeReport, routeReportLimit, type ReportContext } from './report-kinds';
import { jsonArrayChunks } from './report-json';
import type { ReportScope } from './report-scope';

/** A device's track in pages, as PositionsRepository.track gives it: ids 11…15 for device 1. */
async function* track(deviceId: number): AsyncGenerator<PositionRecord[]> {
  const page = (...ids: number[]) => ids.map((id) => ({ id: deviceId * 10 + id }) as PositionRecord);
  yield page(1, 2);
  yield page(3, 4);
  yield page(5);
}
// The spreadsheet's lighter read gives the same fixes.
const positions = {
  track,
  routeFixes: track,
  async countUpTo(_deviceId: number, _from: Date, _to: Date, cap: number): Promise<number> {
    return Math.min(5, cap);
  },
};
const scope = { devices: [{ id: 1, name: 'Van 1' }, { id: 2, name: 'Van 2' }], from: new Date(0), to: new Date() } as unknown as ReportScope;
const fixes = (rows: Array<{ deviceName: string; item: PositionRecord }>) => rows.map((row) => `${row.deviceName}:${row.item.id}`);

it("answers each device's whole track, page after page, in order", async () => {
  const report = routeReport({ positions } as unknown as ReportContext);
  expect(fixes(await report.rows(scope))).toEqual(['Van 1:11', 'Van 1:12', 'Van 1:13', 'Van 1:14', 'Van 1:15', 'Van 2:21', 'Van 2:22', 'Van 2:23', 'Van 2:24', 'Van 2:25']);
});

it("caps a device's route at Traccar's 50,000 unless the installation raises it, and never past 400,000", () => {
  expect(routeReportLimit(undefined)).toBe(50_000);
  expect(routeReportLimit('not a number')).toBe(50_000);
  expect(routeReportLimit('-5')).toBe(50_000);
  // A month at 10 s.
  expect(routeReportLimit('259200')).toBe(259_200);
  expect(routeReportLimit('10000000')).toBe(400_000);
});

it('stops each device at the limit, and gives the spreadsheet the same rows one by one', async () => {
  const report = routeReport({ positions } as unknown as ReportContext, 3);
  const rows = await report.rows(scope);
  expect(fixes(rows)).toEqual(['Van 1:11', 'Van 1:12', 'Van 1:13', 'Van 2:21', 'Van 2:22', 'Van 2:23']);
  const streamed: typeof rows = [];
  for await (const row of report.sheetRows!(scope)) streamed.push(row as (typeof rows)[number]);
  expect(streamed).toEqual(rows);
});

it('says a route is cut when a device has more fixes than the limit, not when it has exactly as many', async () => {
  expect(await routeReport({ positions } as unknown as ReportContext, 4).truncated!(scope)).toBe(true);
  expect(await routeReport({ positions } as unknown as ReportContext, 5).truncated!(scope)).toBe(false);
});

it('writes the JSON of rows as they are read: the same text as the whole array stringified', async () => {
  async function* numbered(count: number) {
    for (let id = 1; id <= count; id += 1) yield { id, name: `fix "${id}", [x]` };
  }
  const text = async (count: number, perChunk: number) => {
    const chunks: Buffer[] = [];
    for await (const chunk of jsonArrayChunks(numbered(count), (row) => ({ ...row, double: row.id * 2 }), perChunk)) chunks.push(chunk);
    return { text: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length };
  };
  for (const [count, perChunk] of [[0, 3], [1, 3], [3, 3], [7, 3], [10, 500]] as const) {
    const whole = JSON.stringify(Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `fix "${index + 1}", [x]`, double: (index + 1) * 2 })));
    expect((await text(count, perChunk)).text).toBe(whole);
  }
  // The opening bracket alone first (the answer begins at once), then rows 1–3, 4–6 and 7 with the close.
  expect((await text(7, 3)).chunks).toBe(4);
});
