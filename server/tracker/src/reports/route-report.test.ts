import type { PositionRecord } from '../entities/position';
import { routeReport, routeReportLimit, type ReportContext } from './report-kinds';
import type { ReportScope } from './report-scope';

/** A device's track in pages, as PositionsRepository.track gives it: ids 11…15 for device 1. */
async function* track(deviceId: number): AsyncGenerator<PositionRecord[]> {
  const page = (...ids: number[]) => ids.map((id) => ({ id: deviceId * 10 + id }) as PositionRecord);
  yield page(1, 2);
  yield page(3, 4);
  yield page(5);
}
// The spreadsheet's lighter read gives the same fixes.
const positions = { track, routeFixes: track };
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
