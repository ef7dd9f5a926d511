import type { Position } from '@rastro/shared/contract';
import simplify from 'simplify-js';
import type { RouteFix } from './rowSchemas';

// A route report's fixes as columns of numbers. The rows worker (rows.worker.ts) imports this module,
// so it reaches only simplify-js and shared's server-safe contract, never the browser half of shared.

/**
 * Fixes a route may have and still go to the map whole. Past it the map gets the route simplified to
 * about this many: a month at 10 s is a quarter of a million fixes, whose objects alone held the page
 * for seconds; the table keeps every fix.
 */
export const DISPLAY_POINTS = 5_000;

/**
 * A route's fixes, one typed array per figure (handed from the worker to the page by transfer, not by
 * copy). Times are epoch milliseconds; a missing altitude, time or numeric attribute is NaN.
 */
export interface RouteColumns {
  length: number;
  id: Float64Array;
  deviceId: Float64Array;
  time: Float64Array;
  latitude: Float64Array;
  longitude: Float64Array;
  speed: Float64Array;
  course: Float64Array;
  altitude: Float64Array;
  /** Addresses by row index: a route has few or none, so no column of them. */
  addresses: Record<number, string>;
  /** Every attribute that is a number in some fix (fuel, battery…), by name. */
  numbers: Record<string, Float64Array>;
  /** The indexes of the fixes drawn on the map (see displayIndexes). */
  display: Uint32Array;
}

const FIGURES = ['id', 'deviceId', 'time', 'latitude', 'longitude', 'speed', 'course', 'altitude'] as const;
type Figure = (typeof FIGURES)[number];

const timeOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** Fills the columns of a route of `length` fixes, one fix at a time, in order. */
export class RouteColumnsBuilder {
  private readonly figures: Record<Figure, Float64Array>;
  private readonly addresses: Record<number, string> = {};
  private readonly numbers = new Map<string, Float64Array>();
  private next = 0;

  constructor(private readonly length: number) {
    this.figures = Object.fromEntries(FIGURES.map((figure) => [figure, new Float64Array(length)])) as Record<Figure, Float64Array>;
  }

  add(position: RouteFix): void {
    const index = this.next++;
    const { figures } = this;
    figures.id[index] = position.id;
    figures.deviceId[index] = position.deviceId;
    figures.time[index] = timeOf(position.fixTime);
    figures.latitude[index] = position.latitude;
    figures.longitude[index] = position.longitude;
    figures.speed[index] = position.speed;
    figures.course[index] = position.course;
    figures.altitude[index] = position.altitude ?? Number.NaN;
    if (position.address) this.addresses[index] = position.address;
    for (const key in position.attributes) {
      const value = position.attributes[key];
      if (typeof value !== 'number') continue;
      let column = this.numbers.get(key);
      if (!column) {
        column = new Float64Array(this.length).fill(Number.NaN);
        this.numbers.set(key, column);
      }
      column[index] = value;
    }
  }

  finish(): RouteColumns {
    const columns = { length: this.next, ...this.figures, addresses: this.addresses, numbers: Object.fromEntries(this.numbers), display: new Uint32Array(0) };
    return { ...columns, display: displayIndexes(columns).indexes };
  }
}

/** The buffers to transfer with a route's columns: they leave the worker instead of being copied. */
export function routeBuffers(columns: RouteColumns): ArrayBuffer[] {
  return [...FIGURES.map((figure) => columns[figure]), ...Object.values(columns.numbers), columns.display].map((array) => array.buffer as ArrayBuffer);
}

/** Each device's fixes, [start, end) in the columns: the tracker answers device after device. */
export function deviceRuns(columns: Pick<RouteColumns, 'length' | 'deviceId'>): Array<{ deviceId: number; start: number; end: number }> {
  const runs: Array<{ deviceId: number; start: number; end: number }> = [];
  for (let index = 0; index < columns.length; index += 1) {
    const deviceId = columns.deviceId[index] as number;
    const last = runs[runs.length - 1];
    if (last && last.deviceId === deviceId) last.end = index + 1;
    else runs.push({ deviceId, start: index, end: index + 1 });
  }
  return runs;
}

interface Vertex {
  x: number;
  y: number;
  index: number;
}

/** Fixes simplified at a time: simplify-js recurses once per kept fix at worst (see mf-map's simplifyTrack). */
const PIECE = 1_000;

function simplifiedRun(vertices: Vertex[], tolerance: number, kept: number[]): void {
  for (let start = 0; start < vertices.length; start += PIECE) {
    const piece = vertices.slice(start, start + PIECE + 1);
    const simplified = simplify(piece, tolerance, true) as Vertex[];
    // Pieces share their ends: each but the first starts with the one before's last.
    for (let index = start === 0 ? 0 : 1; index < simplified.length; index += 1) kept.push(simplified[index]!.index);
    if (start + PIECE >= vertices.length - 1) return;
  }
}

/**
 * The fixes to draw on the map: every fix of a route up to `target`; past it, each device's line
 * simplified (Douglas–Peucker, simplify-js, in degrees) with the least tolerance, doubled from a
 * 16,384th of the route's extent, that keeps at most `target` fixes. Every device's first and last
 * fix are kept, and no fix left out lies further than `tolerance` from the line drawn.
 */
export function displayIndexes(columns: Pick<RouteColumns, 'length' | 'deviceId' | 'latitude' | 'longitude'>, target = DISPLAY_POINTS): { indexes: Uint32Array; tolerance: number } {
  const all = () => Uint32Array.from({ length: columns.length }, (_, index) => index);
  if (columns.length <= target) return { indexes: all(), tolerance: 0 };
  const runs = deviceRuns(columns).map(({ start, end }) =>
    Array.from({ length: end - start }, (_, offset): Vertex => ({ x: columns.longitude[start + offset] as number, y: columns.latitude[start + offset] as number, index: start + offset })),
  );
  let extent = 0;
  for (const run of runs) {
    const box = { west: Infinity, east: -Infinity, south: Infinity, north: -Infinity };
    for (const { x, y } of run) {
      box.west = Math.min(box.west, x);
      box.east = Math.max(box.east, x);
      box.south = Math.min(box.south, y);
      box.north = Math.max(box.north, y);
    }
    extent = Math.max(extent, box.east - box.west, box.north - box.south);
  }
  for (let tolerance = extent / 16_384 || Number.MIN_VALUE; ; tolerance *= 2) {
    const kept: number[] = [];
    for (const run of runs) simplifiedRun(run, tolerance, kept);
    // A tolerance past the extent keeps each piece's ends only: it cannot keep fewer.
    if (kept.length <= target || tolerance > extent) return { indexes: Uint32Array.from(kept), tolerance };
  }
}

/**
 * A route report's rows over its columns: the table reads a row only when it shows it, and the map
 * gets the `display` fixes. A row carries the figures the columns keep (no device or server time,
 * numeric attributes only).
 */
export class RouteRows {
  private byId: Map<number, number> | null = null;

  constructor(readonly columns: RouteColumns) {}

  /** Rows read on the page (an answer too small for the worker), in the same columns. */
  static of(positions: readonly RouteFix[]): RouteRows {
    const builder = new RouteColumnsBuilder(positions.length);
    for (const position of positions) builder.add(position);
    return new RouteRows(builder.finish());
  }

  get length(): number {
    return this.columns.length;
  }

  at(index: number): Position | undefined {
    const { columns } = this;
    if (index < 0 || index >= columns.length) return undefined;
    const time = columns.time[index] as number;
    const altitude = columns.altitude[index] as number;
    const attributes: Record<string, number> = {};
    for (const key in columns.numbers) {
      const value = columns.numbers[key]![index] as number;
      if (!Number.isNaN(value)) attributes[key] = value;
    }
    return {
      id: columns.id[index] as number,
      deviceId: columns.deviceId[index] as number,
      fixTime: Number.isNaN(time) ? null : new Date(time).toISOString(),
      latitude: columns.latitude[index] as number,
      longitude: columns.longitude[index] as number,
      speed: columns.speed[index] as number,
      course: columns.course[index] as number,
      ...(Number.isNaN(altitude) ? {} : { altitude }),
      address: columns.addresses[index] ?? null,
      attributes,
    };
  }

  /** The fixes for the map (every fix of a short route, a long one simplified). */
  displayed(): Position[] {
    return Array.from(this.columns.display, (index) => this.at(index) as Position);
  }

  /** Where the fix with this id was, if it is in the route (an event's place). */
  placeOf(id: number): { latitude: number; longitude: number } | undefined {
    if (!this.byId) {
      this.byId = new Map();
      for (let index = 0; index < this.columns.length; index += 1) this.byId.set(this.columns.id[index] as number, index);
    }
    const index = this.byId.get(id);
    return index === undefined ? undefined : { latitude: this.columns.latitude[index] as number, longitude: this.columns.longitude[index] as number };
  }
}
