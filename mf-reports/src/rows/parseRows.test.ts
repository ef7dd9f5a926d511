import { ApiError } from '@rastro/shared';
import { parseRoute, parseRows, ROUTE_FIRST_PART, routeReader, RowsRefused } from './parseRows';
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

it('gives a long route’s fixes so far as they double, each part the first fixes of the whole, none chosen for the map yet', () => {
  const parts: Array<{ length: number; lastId: number; display: number }> = [];
  const reader = routeReader((part) => parts.push({ length: part.length, lastId: part.id[part.length - 1] as number, display: part.display.length }));
  const total = ROUTE_FIRST_PART * 5;
  const whole = new Uint8Array(bytes(Array.from({ length: total }, (_, index) => fix(index))));
  // As it would arrive: 64 KB at a time.
  for (let start = 0; start < whole.length; start += 65_536) reader.push(whole.slice(start, start + 65_536));
  const columns = reader.end();
  expect(columns.length).toBe(total);
  expect(parts.length).toBeGreaterThanOrEqual(2);
  for (const [index, part] of parts.entries()) {
    expect(part.lastId).toBe(part.length - 1);
    expect(part.display).toBe(0);
    if (index > 0) expect(part.length).toBeGreaterThanOrEqual(parts[index - 1]!.length * 2);
  }
  expect(parts[0]!.length).toBeGreaterThanOrEqual(ROUTE_FIRST_PART);
});

it('reads on the page’s thread where no worker starts, refusing or cancelling as the report screen expects', async () => {
  await expect(readRows('route', bytes([fix(1), fix(2)]))).resolves.toHaveLength(2);
  await expect(readRows('events', bytes([{ id: 1 }]))).rejects.toMatchObject({ code: 'INVALID_ANSWER' });
  const cancelled = new AbortController();
  cancelled.abort();
  await expect(readRows('route', bytes([fix(1)]), cancelled.signal)).rejects.toEqual(new ApiError(0, 'ABORTED', ''));
});

/** An answer's body arriving `size` bytes at a time, as fetch's reader hands it; `onRead` runs before each read. */
function arriving(buffer: ArrayBuffer, size: number, onRead: (count: number) => void = () => undefined) {
  const bytes = new Uint8Array(buffer);
  let at = 0;
  let reads = 0;
  const body = {
    cancelled: false,
    getReader: () => ({
      read: async () => {
        onRead((reads += 1));
        if (body.cancelled || at >= bytes.length) return { done: true, value: undefined };
        const value = bytes.slice(at, at + size);
        at += size;
        return { done: false, value };
      },
      cancel: async () => {
        body.cancelled = true;
      },
    }),
  };
  return body;
}
const stream = (body: ReturnType<typeof arriving>) => body as unknown as ReadableStream<Uint8Array>;

it('reads an answer as it arrives, chunk by chunk, into the rows it would have whole', async () => {
  const route = Array.from({ length: 5_000 }, (_, index) => ({ ...fix(index), address: index === 7 ? 'Av. Paulista, 1000 – São Paulo' : null }));
  const body = arriving(bytes(route), 4_099);
  const rows = await readRows('route', stream(body));
  expect(rows.length).toBe(5_000);
  expect(rows.at(7)).toMatchObject({ id: 7, address: 'Av. Paulista, 1000 – São Paulo' });
  expect(rows.at(4_999)?.id).toBe(4_999);
  expect(body.cancelled).toBe(false);
  const trips = await readRows('summary', stream(arriving(bytes([{ deviceId: 3 }, { deviceId: 4 }]), 5)));
  expect(Array.from({ length: trips.length }, (_, index) => trips.at(index)?.deviceId)).toEqual([3, 4]);
});

it('stops the download when the answer is refused part way, or the report is cancelled', async () => {
  // Past a piece's worth of bytes (PIECE_BYTES), so the bad fix is read before the answer ends.
  const route = Array.from({ length: 12_000 }, (_, index) => (index === 10 ? { ...fix(index), latitude: 'north' } : fix(index)));
  const refusedBody = arriving(bytes(route), 4_096);
  await expect(readRows('route', stream(refusedBody), undefined)).rejects.toMatchObject({ code: 'INVALID_ANSWER' });
  expect(refusedBody.cancelled).toBe(true);

  const cancel = new AbortController();
  const cancelledBody = arriving(bytes(Array.from({ length: 5_000 }, (_, index) => fix(index))), 1_000, (count) => count === 3 && cancel.abort());
  await expect(readRows('route', stream(cancelledBody), cancel.signal)).rejects.toEqual(new ApiError(0, 'ABORTED', ''));
  expect(cancelledBody.cancelled).toBe(true);
});
