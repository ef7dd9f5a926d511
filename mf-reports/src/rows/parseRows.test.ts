import { ApiError } from '@rastro/shared';
import { parseRoute, parseRows, RowsRefused } from './parseRows';
import { readRows } from './readRows';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer;
const fix = (id: number) => ({ id, deviceId: 7, fixTime: new Date(Date.UTC(2026, 10, 1) + id * 10_000).toISOString(), latitude: -23.5 + id / 1e5, longitude: -46.6, speed: 27 });

it('reads a long route in pieces, in order, each row checked and given its defaults', () => {
  const pieces: Array<Array<{ id: number; course: number; attributes: Record<string, unknown> }>> = [];
  const total = parseRows('route', bytes(Array.from({ length: 5_000 }, (_, index) => fix(index))), (rows) => pieces.push(rows), 2_000);
  expect(total).toBe(5_000);
  expect(pieces.map((piece) => piece.length)).toEqual([2_000, 2_000, 1_000]);
  const rows = pieces.flat();
  expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 5_000 }, (_, index) => index));
  expect(rows[4_999]).toMatchObject({ id: 4_999, course: 0, attributes: {} });
});

it('reads every report kind with its own schema (a summary’s missing figures are 0)', () => {
  const rows: unknown[] = [];
  parseRows('summary', bytes([{ deviceId: 3, distance: null, maxSpeed: 50 }]), (piece) => rows.push(...piece));
  expect(rows).toEqual([expect.objectContaining({ deviceId: 3, distance: 0, maxSpeed: 50, deviceName: '' })]);
  expect(parseRows('trips', '', () => undefined)).toBe(0);
});

it('refuses an answer that is not the report’s rows, naming the field', () => {
  expect(() => parseRows('route', '<html>', () => undefined)).toThrow(new RowsRefused('not JSON'));
  expect(() => parseRows('route', bytes({ rows: [] }), () => undefined)).toThrow(new RowsRefused('not a list'));
  expect(() => parseRows('route', bytes([fix(1), { ...fix(2), latitude: 'north' }]), () => undefined)).toThrow(/latitude/);
});

it('reads a route into columns holding every fix in order, refusing a fix as the route’s schema does', () => {
  const columns = parseRoute(bytes(Array.from({ length: 5_000 }, (_, index) => fix(index))));
  expect(columns.length).toBe(5_000);
  expect(Array.from(columns.id)).toEqual(Array.from({ length: 5_000 }, (_, index) => index));
  expect(columns.time[4_999]).toBe(Date.UTC(2026, 10, 1) + 4_999 * 10_000);
  expect(columns.course[0]).toBe(0);
  expect(() => parseRoute(bytes([fix(1), { ...fix(2), latitude: 'north' }]))).toThrow(/latitude/);
  expect(() => parseRoute('{}')).toThrow(new RowsRefused('not a list'));
});

it('reads on the page’s thread where no worker starts, refusing or cancelling as the report screen expects', async () => {
  await expect(readRows('route', bytes([fix(1), fix(2)]))).resolves.toHaveLength(2);
  await expect(readRows('events', bytes([{ id: 1 }]))).rejects.toMatchObject({ code: 'INVALID_ANSWER' });
  const cancelled = new AbortController();
  cancelled.abort();
  await expect(readRows('route', bytes([fix(1)]), cancelled.signal)).rejects.toEqual(new ApiError(0, 'ABORTED', ''));
});
