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

/** Display fixes made into positions in one task (see RouteRows.displayedInSlices). */
const DISPLAY_SLICE = 1_000;

/** A later task: the page's thread free in between (scheduler.yield where the browser has it). */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

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

/** Fills the columns of a route one fix at a time, in order, growing them as fixes come. */
export class RouteColumnsBuilder {
  private figures: Record<Figure, Float64Array>;
  private readonly addresses: Record<number, string> = {};
  private readonly numbers = new Map<string, Float64Array>();
  private next = 0;

  /** `capacity`: the fixes expected, when known (an answer read as it arrives does not know). */
  constructor(private capacity = 4_096) {
    this.figures = Object.fromEntries(FIGURES.map((figure) => [figure, new Float64Array(capacity)])) as Record<Figure, Float64Array>;
  }

  private grow(): void {
    this.capacity = Math.max(1_024, this.capacity * 2);
    const grown = (column: Float64Array, fill: number) => {
      const bigger = new Float64Array(this.capacity);
      if (fill !== 0) bigger.fill(fill, column.length);
      bigger.set(column);
      return bigger;
    };
    for (const figure of FIGURES) this.figures[figure] = grown(this.figures[figure], 0);
    for (const [key, column] of this.numbers) this.numbers.set(key, grown(column, Number.NaN));
  }

  add(position: RouteFix): void {
    if (this.next === this.capacity) this.grow();
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
        column = new Float64Array(this.capacity).fill(Number.NaN);
        this.numbers.set(key, column);
      }
      column[index] = value;
    }
  }

  /** How many fixes are in. */
  get length(): number {
    return this.next;
  }

  /**
   * The fixes read so far, copied (the builder goes on filling its own), with none chosen for the
   * map yet: the table shows them while the rest of the answer arrives.
   */
  snapshot(): RouteColumns {
    const copy = (column: Float64Array) => column.slice(0, this.next);
    const figures = Object.fromEntries(FIGURES.map((figure) => [figure, copy(this.figures[figure])])) as Record<Figure, Float64Array>;
    const numbers = Object.fromEntries([...this.numbers].map(([key, column]) => [key, copy(column)]));
    return { length: this.next, ...figures, addresses: { ...this.addresses }, numbers, display: new Uint32Array(0) };
  }

  finish(): RouteColumns {
    // Cut to the fixes read: each column is then its own buffer of the right size, to transfer.
    const fit = (column: Float64Array) => (column.length === this.next ? column : column.slice(0, this.next));
    const figures = Object.fromEntries(FIGURES.map((figure) => [figure, fit(this.figures[figure])])) as Record<Figure, Float64Array>;
    const numbers = Object.fromEntries([...this.numbers].map(([key, column]) => [key, fit(column)]));
    const columns = { length: this.next, ...figures, addresses: this.addresses, numbers, display: new Uint32Array(0) };
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
  /** Whether the ids ascend row after row (worked out on the first look-up). */
  private ascending: boolean | null = null;

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

  /**
   * The same fixes made a slice at a time, the page's thread given back between slices: 5,000
   * position objects with their ISO times took one task some 50 ms at load (more on a slow phone).
   */
  async displayedInSlices(slice = DISPLAY_SLICE): Promise<Position[]> {
    const { display } = this.columns;
    const positions: Position[] = [];
    for (let start = 0; start < display.length; start += slice) {
      if (start > 0) await nextTask();
      for (let index = start; index < Math.min(display.length, start + slice); index += 1) positions.push(this.at(display[index] as number) as Position);
    }
    return positions;
  }

  /** Each device's first and last fix time (ISO), from the columns: what its stops and events are asked over. */
  spans(): Array<{ deviceId: number; from: string; to: string }> {
    const { time } = this.columns;
    return deviceRuns(this.columns).flatMap(({ deviceId, start, end }) => {
      let from = Infinity;
      let to = -Infinity;
      for (let index = start; index < end; index += 1) {
        const at = time[index] as number;
        if (at < from) from = at;
        if (at > to) to = at;
      }
      return Number.isFinite(from) ? [{ deviceId, from: new Date(from).toISOString(), to: new Date(to).toISOString() }] : [];
    });
  }

  /** Where the fix with this id was, if it is in the route (an event's place). */
  placeOf(id: number): { latitude: number; longitude: number } | undefined {
    const index = this.indexOf(id);
    return index === undefined ? undefined : { latitude: this.columns.latitude[index] as number, longitude: this.columns.longitude[index] as number };
  }

  /**
   * The row of the fix with this id. Ids ascending (one device's route, as the tracker stores it):
   * a binary search; otherwise a map, built once — a quarter of a million entries took the page
   * tens of milliseconds in one go.
   */
  private indexOf(id: number): number | undefined {
    const ids = this.columns.id;
    if (this.ascending === null) {
      this.ascending = true;
      for (let index = 1; index < ids.length && this.ascending; index += 1) this.ascending = (ids[index - 1] as number) < (ids[index] as number);
    }
    if (this.ascending) {
      let low = 0;
      let high = ids.length - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const at = ids[middle] as number;
        if (at === id) return middle;
        if (at < id) low = middle + 1;
        else high = middle - 1;
      }
      return undefined;
    }
    if (!this.byId) {
      this.byId = new Map();
      for (let index = 0; index < ids.length; index += 1) this.byId.set(ids[index] as number, index);
    }
    return this.byId.get(id);
  }

}
