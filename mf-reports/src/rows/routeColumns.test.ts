/** @jest-environment node */
import type { Position } from '@rastro/shared/contract';
import { deviceRuns, displayIndexes, RouteColumnsBuilder, routeBuffers, RouteRows } from './routeColumns';

const START = Date.UTC(2026, 10, 1);

/** A device driving a wavy line east, a fix every 10 s, with a fuel gauge on every other fix. */
function drive(deviceId: number, count: number, firstId = 1): Position[] {
  return Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    deviceId,
    fixTime: new Date(START + index * 10_000).toISOString(),
    latitude: -23.5 + 0.001 * Math.sin(index / 7) + deviceId / 100,
    longitude: -46.6 + index / 10_000,
    speed: index % 30,
    course: 90,
    altitude: 700 + (index % 5),
    address: index === 3 ? 'Rua Augusta, 100' : null,
    attributes: { ignition: true, ...(index % 2 === 0 ? { fuel: 50 - index / 1_000 } : {}) },
  }));
}

/** Distance in degrees from point p to segment a–b, as simplify-js measures it (planar). */
function segmentDistance(p: [number, number], a: [number, number], b: [number, number]): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const along = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p[0] - (a[0] + along * dx), p[1] - (a[1] + along * dy));
}

it('reads back the same rows, in the same order, as the columns were filled with', () => {
  const positions = [...drive(7, 40), ...drive(9, 20, 100)];
  const rows = RouteRows.of(positions);
  expect(rows.length).toBe(60);
  positions.forEach((position, index) => {
    const row = rows.at(index)!;
    expect(row).toMatchObject({ id: position.id, deviceId: position.deviceId, latitude: position.latitude, longitude: position.longitude, speed: position.speed, course: 90, altitude: position.altitude, address: position.address });
    expect(Date.parse(row.fixTime!)).toBe(Date.parse(position.fixTime!));
    // Numeric attributes only: the chart's figures.
    expect(row.attributes).toEqual(index % 2 === 0 ? { fuel: position.attributes.fuel } : {});
  });
  expect(rows.at(60)).toBeUndefined();
  expect(deviceRuns(rows.columns)).toEqual([
    { deviceId: 7, start: 0, end: 40 },
    { deviceId: 9, start: 40, end: 60 },
  ]);
  expect(rows.placeOf(105)).toEqual({ latitude: positions[45]!.latitude, longitude: positions[45]!.longitude });
  expect(rows.placeOf(999)).toBeUndefined();
});

it('hands the worker’s columns over as transferable buffers that arrive with the same rows', () => {
  const positions = drive(7, 500);
  const builder = new RouteColumnsBuilder(positions.length);
  for (const position of positions) builder.add(position);
  const columns = builder.finish();
  const buffers = routeBuffers(columns);
  // Every figure, the fuel column and the map's indexes, each its own buffer.
  expect(new Set(buffers).size).toBe(10);
  const moved = structuredClone(columns, { transfer: buffers });
  expect(columns.latitude.byteLength).toBe(0);
  const rows = new RouteRows(moved);
  expect(Array.from({ length: rows.length }, (_, index) => rows.at(index)!.id)).toEqual(positions.map((position) => position.id));
});

it('draws a short route whole on the map', () => {
  const rows = RouteRows.of(drive(7, 300));
  expect(rows.displayed().map((position) => position.id)).toEqual(drive(7, 300).map((position) => position.id));
});

it('simplifies a long route for the map: each device’s first and last fix kept, no fix left out further than the tolerance from the line', () => {
  const positions = [...drive(7, 30_000), ...drive(9, 12_000, 50_000)];
  const builder = new RouteColumnsBuilder(positions.length);
  for (const position of positions) builder.add(position);
  const columns = builder.finish();
  const { indexes, tolerance } = displayIndexes(columns, 2_000);
  expect(Array.from(columns.display)).toEqual(Array.from(displayIndexes(columns).indexes));
  expect(indexes.length).toBeLessThanOrEqual(2_000);
  expect(indexes.length).toBeGreaterThan(100);
  expect(tolerance).toBeGreaterThan(0);
  const kept = Array.from(indexes);
  expect(kept).toEqual([...kept].sort((a, b) => a - b));
  for (const index of [0, 29_999, 30_000, 41_999]) expect(kept).toContain(index);
  const point = (index: number): [number, number] => [columns.longitude[index]!, columns.latitude[index]!];
  for (let at = 1; at < kept.length; at += 1) {
    const [from, to] = [kept[at - 1]!, kept[at]!];
    // A line is never drawn from one device to the next.
    if (columns.deviceId[from] !== columns.deviceId[to]) continue;
    for (let left = from + 1; left < to; left += 1) expect(segmentDistance(point(left), point(from), point(to))).toBeLessThanOrEqual(tolerance * (1 + 1e-9));
  }
});

it('grows its columns as fixes come when their number is not known, an attribute first seen late empty before', () => {
  const positions = drive(7, 10_000).map((position, index) => ({ ...position, attributes: index >= 9_000 ? { battery: 12 } : {} }));
  const builder = new RouteColumnsBuilder();
  for (const position of positions) builder.add(position);
  const columns = builder.finish();
  expect(columns.length).toBe(10_000);
  expect(columns.id.length).toBe(10_000);
  expect(columns.id[9_999]).toBe(positions[9_999]!.id);
  expect(columns.numbers.battery!.length).toBe(10_000);
  expect(Number.isNaN(columns.numbers.battery![8_999]!)).toBe(true);
  expect(columns.numbers.battery![9_000]).toBe(12);
});

it('finds an event’s fix by id whether the ids ascend or not', () => {
  const shuffled = [...drive(7, 20, 500), ...drive(9, 20, 100)];
  const rows = RouteRows.of(shuffled);
  expect(rows.placeOf(110)).toEqual({ latitude: shuffled[30]!.latitude, longitude: shuffled[30]!.longitude });
  expect(rows.placeOf(505)).toEqual({ latitude: shuffled[5]!.latitude, longitude: shuffled[5]!.longitude });
  expect(rows.placeOf(300)).toBeUndefined();
});
