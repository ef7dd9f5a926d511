/**
 * `pnpm --filter @rastro/mf-fleet run bench`: the device list's pure work over 50,000 devices.
 * Target (issue 7): a keystroke filters the sorted fleet within one frame (16 ms); sorting happens
 * only when the sort or the settled devices change. Prints timings; fails when a keystroke is slower
 * than a frame on average.
 */
import type { Device, Position } from '@rastro/shared';
import { DEFAULT_FILTER, filterDevices } from '../list/deviceFilter';
import { sortDevices, sortFields } from '../list/deviceSort';

const COUNT = 50_000;
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

function time<T>(work: () => T): [T, number] {
  const start = performance.now();
  const result = work();
  return [result, performance.now() - start];
}

const context = { positions, anchoredDeviceIds: new Set([1, 2, 3]), language: 'pt-BR' };
for (const field of sortFields) {
  const [, ms] = time(() => sortDevices(devices, { field, direction: 'asc' }, context));
  console.log(`sort by ${field.padEnd(10)} ${ms.toFixed(1)} ms`);
}

const [sorted] = time(() => sortDevices(devices, { field: 'name', direction: 'asc' }, context));
// First pass builds the search texts (once per device record); keystrokes after that only scan them.
const [, indexMs] = time(() => filterDevices(sorted, { ...DEFAULT_FILTER, query: 'x' }, positions));
console.log(`search text build  ${indexMs.toFixed(1)} ms (once per device change)`);

const typed = 'veiculo 12 a';
const keystrokes: number[] = [];
for (let length = 1; length <= typed.length; length++) {
  const [shown, ms] = time(() => filterDevices(sorted, { ...DEFAULT_FILTER, status: 'online', query: typed.slice(0, length) }, positions));
  keystrokes.push(ms);
  console.log(`keystroke "${typed.slice(0, length)}"`.padEnd(26), `${ms.toFixed(2)} ms, ${shown.length} shown`);
}
const average = keystrokes.reduce((sum, ms) => sum + ms, 0) / keystrokes.length;
console.log(`average keystroke ${average.toFixed(2)} ms (target ${FRAME_MS} ms)`);
if (average > FRAME_MS) process.exitCode = 1;
