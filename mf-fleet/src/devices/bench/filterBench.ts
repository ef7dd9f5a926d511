/**
 * `pnpm --filter @rastro/mf-fleet run bench` (never part of `npm test`): the device list's pure work
 * over 50,000 devices. Target (issue 7): a keystroke filters the sorted fleet within one frame
 * (16 ms). The list sorts only when the sort or the settled devices change, and a keystroke only
 * filters, so a keystroke is measured as the list does it: the incremental filter over the sorted
 * fleet (typing forward scans what the previous letter left), and a full filter (a letter deleted);
 * and what a fleet-wide socket update costs the list (name order kept, search texts refreshed).
 * Prints one JSON document: p50/p95 per measure, and the machine's conditions (a loaded machine's
 * numbers say little). BENCH_DEVICES (50000) and BENCH_ROUNDS (15) change the size and repetitions.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import type { Device, Position } from '@rastro/shared';
import { DEFAULT_FILTER, createDeviceFilter, filterDevices } from '../list/deviceFilter';
import { createDeviceSorter, sortDevices, sortFields } from '../list/deviceSort';

const COUNT = Number(process.env.BENCH_DEVICES ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const FRAME_MS = 16;
const statuses = ['online', 'offline', 'unknown'] as const;
const categories = ['car', 'truck', 'van', 'motorcycle', null];

const devices: Device[] = Array.from({ length: COUNT }, (_, index) => ({
  id: index + 1,
  name: `Veículo ${index % 977} ${String.fromCharCode(65 + (index % 26))}${index}`,
  uniqueId: String(350_000_000_000_000 + index),
  status: statuses[index % 3] ?? 'unknown',
  category: categories[index % 5],
  lastUpdate: index % 10 === 0 ? null : new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
  attributes: { plate: `ABC${index % 10}D${index % 100}`, 'rastro.color': '#1e88e5' },
}));
const positions: Record<number, Position> = Object.fromEntries(
  devices.map((device, index) => [
    device.id,
    { id: index, deviceId: device.id, latitude: -23.5, longitude: -46.6, speed: index % 60, course: 0, attributes: { motion: index % 4 === 0, ignition: index % 3 === 0, blocked: index % 50 === 0, driverUniqueId: index % 7 ? undefined : `D${index % 300}` } },
  ]),
);

function time(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? 0;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { samples: samples.length, p50Ms: round(at(0.5)), p95Ms: round(at(0.95)), maxMs: round(sorted.at(-1) ?? 0) };
}

const context = { positions, anchoredDeviceIds: new Set([1, 2, 3]), language: 'pt-BR' };
const sorts = Object.fromEntries(
  sortFields.map((field) => [field, summary(Array.from({ length: Math.max(3, Math.round(ROUNDS / 5)) }, (_, round) => time(() => sortDevices(devices, { field, direction: round % 2 ? 'desc' : 'asc' }, context))))]),
);

const sorted = sortDevices(devices, { field: 'name', direction: 'asc' }, context);
// The first search builds the normalised text of each device (once per device record; the page
// does it while idle before the first keystroke). Keystrokes after that only scan those texts.
const searchTextBuildMs = Math.round(time(() => filterDevices(sorted, { ...DEFAULT_FILTER, query: 'x' }, positions)) * 100) / 100;

// A simulator step: the socket replaces every record with a new status and last update. The list
// re-sorts (keeping the name order, as nobody was renamed) and refreshes each search text.
const sorter = createDeviceSorter();
sorter(devices, { field: 'name', direction: 'asc' }, context);
const stepped = devices.map((device, index) => ({ ...device, attributes: { ...device.attributes }, status: statuses[(index + 1) % 3] ?? 'unknown', lastUpdate: new Date(Date.UTC(2026, 0, 2) + index * 1000).toISOString() }));
const round2 = (ms: number) => Math.round(ms * 100) / 100;
let resorted: Device[] = [];
const fleetUpdate = {
  sortByNameMs: round2(time(() => (resorted = sorter(stepped, { field: 'name', direction: 'asc' }, context)))),
  searchTextRefreshMs: round2(time(() => filterDevices(resorted, { ...DEFAULT_FILTER, query: 'x' }, positions))),
};

const typed = 'veiculo 12 a';
const forward: number[] = [];
const full: number[] = [];
let shownAtEnd = 0;
for (let round = 0; round < ROUNDS; round++) {
  const filterOf = createDeviceFilter();
  for (let length = 1; length <= typed.length; length++) {
    const filter = { ...DEFAULT_FILTER, query: typed.slice(0, length) };
    forward.push(time(() => (shownAtEnd = filterOf(sorted, filter, positions).length)));
    full.push(time(() => filterDevices(sorted, filter, positions)));
  }
}

const keystroke = summary(forward);
console.log(
  JSON.stringify(
    {
      bench: 'mf-fleet device list: filter + sort',
      devices: COUNT,
      rounds: ROUNDS,
      typed,
      shownAtEnd,
      frameMs: FRAME_MS,
      keystrokeTypingForward: keystroke,
      keystrokeFullFilter: summary(full),
      searchTextBuildMs,
      fleetUpdate,
      sortOnSortOrDeviceChange: sorts,
      verdict: keystroke.p95Ms <= FRAME_MS ? 'keystroke within a frame' : 'keystroke slower than a frame',
      conditions: {
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: availableParallelism(),
        loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
        at: new Date().toISOString(),
      },
    },
    null,
    2,
  ),
);
