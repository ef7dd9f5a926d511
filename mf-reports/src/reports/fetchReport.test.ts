import type { ReportFilterValues } from '../filter/filterStore';
import { fetchReport } from './fetchReport';
import { routeReport, summaryReport } from './definitions';

const filter: ReportFilterValues = { deviceIds: [3], groupIds: [], period: { shortcut: 'today', customFrom: '', customTo: '' }, eventTypes: [], daily: false };
const range = { from: '2026-11-01T03:00:00.000Z', to: '2026-11-02T02:59:59.999Z', firstDay: '2026-11-01', lastDay: '2026-11-01' };
const fix = { id: 1, deviceId: 3, fixTime: '2026-11-01T12:00:00.000+00:00', latitude: -23.5, longitude: -46.6, speed: 0, course: 0, attributes: {} };

/** The tracker's answer as fetch gives it (jsdom has no Response): its rows, and its headers. */
function answering(body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  globalThis.fetch = (async () => ({
    status: 200,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    arrayBuffer: async () => new TextEncoder().encode(text).buffer,
    text: async () => text,
  })) as unknown as typeof fetch;
}

const jsdomFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = jsdomFetch;
});

it("tells a route the tracker cut at its limit (Rastro's X-Rastro-Truncated) from a whole one", async () => {
  answering([fix], { 'x-rastro-truncated': 'true' });
  const cut = await fetchReport(routeReport, filter, range);
  expect(cut.truncated).toBe(true);
  expect(cut.rows.at(0)).toMatchObject({ id: 1, deviceId: 3 });
  // Traccar sends no such header: the route is whole as far as the page can tell.
  answering([fix]);
  expect((await fetchReport(routeReport, filter, range)).truncated).toBe(false);
  answering([{ deviceId: 3, distance: 1000 }]);
  const summary = await fetchReport(summaryReport, filter, range);
  expect(summary).toMatchObject({ truncated: false, rows: [expect.objectContaining({ deviceId: 3, distance: 1000 })] });
});
