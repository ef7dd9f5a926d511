import { openDatabase } from './db/open-database';
import { DevicesRepository } from './db/devices-repository';
import { GroupsRepository } from './db/groups-repository';
import { PositionsRepository } from './db/positions-repository';
import { UsersRepository } from './db/users-repository';
import type { DeviceRecord } from './entities/device';
import { buildApp } from './http/build-app';
import { LiveFleet } from './live/live-fleet';
import { seedDemoData } from './seed/seed-database';
import { Authenticator } from './session/authenticator';
import { SessionStore } from './session/session-store';
import { TokenStore } from './session/token-store';
import { FleetSimulation } from './simulator/fleet-simulation';
import { SimulatorRunner } from './simulator/simulator-runner';
import { SocketHub } from './socket/socket-hub';
import type { TrackerContext } from './tracker-context';

export interface TrackerOptions {
  /** Default 8082; 0 picks a free port. */
  port?: number;
  /** Default '0.0.0.0'. */
  host?: string;
  /** A PostgreSQL URL (uses `pg`); without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's folder; default 'memory://' (a throw-away database). */
  dataDir?: string;
  /** The demo fleet. Defaults: enabled, 60 devices, a step every 1000 ms, seed 1. */
  simulator?: { enabled?: boolean; devices?: number; intervalMs?: number; seed?: number };
  /** Pino logs through Fastify's logger (level from LOG_LEVEL, default info). Default false. */
  logger?: boolean;
}

export interface RunningTracker {
  /** e.g. http://127.0.0.1:8082 — the address clients should use. */
  url: string;
  port: number;
  /** Stops the simulator, closes sockets, the HTTP server and the database. Safe to call twice. */
  close(): Promise<void>;
}

const DEFAULTS = { port: 8082, host: '0.0.0.0', dataDir: 'memory://', devices: 60, intervalMs: 1000, seed: 1 };

/** Starts a Traccar-compatible server with its demo data and (unless disabled) the simulated fleet. */
export async function startTracker(options: TrackerOptions = {}): Promise<RunningTracker> {
  const simulatorEnabled = options.simulator?.enabled ?? true;
  const deviceCount = options.simulator?.devices ?? DEFAULTS.devices;
  const intervalMs = options.simulator?.intervalMs ?? DEFAULTS.intervalMs;
  const seed = options.simulator?.seed ?? DEFAULTS.seed;
  if (!Number.isInteger(deviceCount) || deviceCount < 0) throw new Error(`simulator.devices must be a non-negative integer, got ${deviceCount}`);
  if (!(intervalMs > 0)) throw new Error(`simulator.intervalMs must be positive, got ${intervalMs}`);

  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir ?? DEFAULTS.dataDir });
  const sockets = new SocketHub();
  try {
    const users = new UsersRepository(db);
    const devices = new DevicesRepository(db);
    const positions = new PositionsRepository(db);
    const tokens = new TokenStore();
    const live = new LiveFleet();
    await seedDemoData({ users, devices, groups: new GroupsRepository(db) }, deviceCount, seed);

    const allDevices = await devices.findAll();
    live.recordPositions(await positions.latestPerDevice());
    const simulation = simulatorEnabled ? await prepareSimulation(allDevices, { seed, intervalMs, live, positions }) : null;
    for (const device of allDevices) {
      // Without a simulator nothing reports: devices are offline (unknown if never heard from).
      const status = simulation?.statusOf(device.id) ?? (live.latestPosition(device.id) ? 'offline' : 'unknown');
      live.setStatus(device.id, status);
    }

    const context: TrackerContext = { users, devices, positions, tokens, live, sockets, auth: new Authenticator(users, new SessionStore(), tokens) };
    const app = await buildApp(context, { logger: options.logger ?? false });
    const host = options.host ?? DEFAULTS.host;
    await app.listen({ port: options.port ?? DEFAULTS.port, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULTS.port);

    const runner = simulation ? new SimulatorRunner({ simulation, intervalMs, positions, devices, live, sockets, log: app.log }) : null;
    runner?.start();

    let closing: Promise<void> | null = null;
    return {
      url: `http://${clientHost(host)}:${port}`,
      port,
      close: () => {
        closing ??= (async () => {
          await runner?.stop();
          sockets.close();
          await app.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    sockets.close();
    await db.close();
    throw error;
  }
}

/** The fleet simulation, resumed from the stored positions; devices never seen get a first fix. */
async function prepareSimulation(
  allDevices: DeviceRecord[],
  { seed, intervalMs, live, positions }: { seed: number; intervalMs: number; live: LiveFleet; positions: PositionsRepository },
): Promise<FleetSimulation> {
  const simulation = new FleetSimulation({
    seed,
    intervalMs,
    devices: allDevices.map((device) => ({ deviceId: device.id, category: device.category, lastPosition: live.latestPosition(device.id) ?? null })),
  });
  const neverSeen = allDevices.filter((device) => !live.latestPosition(device.id)).map((device) => device.id);
  live.recordPositions(await positions.insertMany(simulation.initialPositions(neverSeen, new Date())));
  return simulation;
}

/** A wildcard listen address is not one a client can dial. */
function clientHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
