import { performance } from 'node:perf_hooks';
import { DevicesRepository } from '../db/devices-repository';
import { EventsRepository } from '../db/events-repository';
import { openDatabase } from '../db/open-database';
import { PositionsRepository } from '../db/positions-repository';
import { PositionIngest } from '../ingest/position-ingest';
import { LiveFleet } from '../live/live-fleet';
import { SocketHub } from '../socket/socket-hub';
import { describeDurations, percentile, until } from './stats';
import { SyntheticFleet } from './synthetic-fleet';

/**
 * Every device of the database reports once a second for `seconds` seconds through the real
 * ingest pipeline (one INSERT per tick, live state, sockets — none connected here).
 */
export async function benchIngest(dataDir: string, seconds: number): Promise<void> {
  const db = await openDatabase({ dataDir });
  const sockets = new SocketHub();
  try {
    const devices = new DevicesRepository(db);
    const ingest = new PositionIngest({ positions: new PositionsRepository(db), devices, events: new EventsRepository(db), live: new LiveFleet(), sockets });
    const fleet = new SyntheticFleet((await devices.findAll()).map((device) => device.id));

    const durations: number[] = [];
    let stored = 0;
    const start = performance.now();
    for (let tick = 0; tick < seconds; tick++) {
      await until(start + tick * 1000);
      const tickStart = performance.now();
      const now = new Date();
      stored += (await ingest.ingest(fleet.next(now), [], now)).length;
      durations.push(performance.now() - tickStart);
    }
    const elapsedSeconds = Math.max(seconds, (performance.now() - start) / 1000);
    const keepsUp = percentile(durations, 0.95) < 1000;
    console.log(
      `ingest: ${stored} positions in ${elapsedSeconds.toFixed(1)} s = ${(stored / elapsedSeconds).toFixed(0)} positions/s ` +
        `(${(stored / seconds).toFixed(0)} offered per second); tick ${describeDurations(durations)} — ${keepsUp ? 'keeps up' : 'FALLS BEHIND'}`,
    );
  } finally {
    sockets.close();
    await db.close();
  }
}
