import { performance } from 'node:perf_hooks';
import { DevicesRepository } from '../db/devices-repository';
import { openDatabase } from '../db/open-database';
import { startTracker } from '../start-tracker';
import { describeDurations } from './stats';

/**
 * Phones posting fixes over HTTP to the OsmAnd port, as the Traccar Client app does: `concurrency`
 * senders, each sending its next device's report as soon as the previous one is answered, for
 * `seconds` seconds, through the whole pipeline (device lookup, derived attributes, computed
 * attributes, geofences, events, one INSERT per batch of concurrent reports, sockets).
 * Prints the positions stored per second and the request latency.
 */
export async function benchOsmand(dataDir: string, seconds: number, concurrency: number): Promise<void> {
  const db = await openDatabase({ dataDir });
  let uniqueIds: string[];
  try {
    uniqueIds = (await new DevicesRepository(db).findAll()).map((device) => device.uniqueId);
  } finally {
    await db.close();
  }
  const tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir, simulator: { enabled: false, devices: uniqueIds.length } });
  try {
    const latencies: number[] = [];
    let next = 0;
    let refused = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const sender = async () => {
      while (performance.now() < deadline) {
        const index = next++;
        const uniqueId = uniqueIds[index % uniqueIds.length] as string;
        const query = new URLSearchParams({
          id: uniqueId,
          lat: String(-23.55 + (index % 1000) * 1e-4),
          lon: String(-46.63 + Math.floor(index / 1000) * 1e-5),
          speed: String(index % 40),
          timestamp: String(Date.now()),
          ignition: 'true',
          batt: '80',
        });
        const sent = performance.now();
        const response = await fetch(`${tracker.osmandUrl}/?${query.toString()}`);
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - sent);
        else refused++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, sender));
    const elapsed = (performance.now() - started) / 1000;
    console.log(
      `osmand: ${latencies.length} reports stored over HTTP in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(0)} positions/s ` +
        `with ${concurrency} concurrent senders over ${uniqueIds.length} devices${refused ? `, ${refused} refused` : ''}; request ${describeDurations(latencies)}`,
    );
  } finally {
    await tracker.close();
  }
}
