import type { FastifyBaseLogger } from 'fastify';
import type { DevicesRepository } from '../db/devices-repository';
import type { PositionsRepository } from '../db/positions-repository';
import { deviceToJson } from '../entities/device';
import type { LiveFleet } from '../live/live-fleet';
import type { SocketHub } from '../socket/socket-hub';
import type { FleetSimulation } from './fleet-simulation';

export interface SimulatorRunnerDependencies {
  simulation: FleetSimulation;
  intervalMs: number;
  positions: PositionsRepository;
  devices: DevicesRepository;
  live: LiveFleet;
  sockets: SocketHub;
  log: FastifyBaseLogger;
}

/**
 * Drives the simulation in real time: every `intervalMs` one step, its fixes stored in one INSERT,
 * then the live state and the sockets updated. Ticks never overlap — the next one is scheduled when
 * the previous has finished — so a slow database delays the fleet instead of piling work up.
 */
export class SimulatorRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly deps: SimulatorRunnerDependencies) {}

  start(): void {
    this.schedule(this.deps.intervalMs);
  }

  /** Stops ticking and waits for a tick in progress, so the database can close safely after. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One step, exposed for tests and benchmarks. */
  async tick(now = new Date()): Promise<void> {
    const { simulation, positions, devices, live, sockets } = this.deps;
    const step = simulation.step(now);
    const stored = await positions.insertMany(step.positions);
    live.recordPositions(stored);

    const changedIds = step.statusChanges.filter((change) => live.setStatus(change.deviceId, change.status)).map((change) => change.deviceId);
    if (changedIds.length > 0) {
      const changed = await devices.findByIds(changedIds);
      sockets.publishDevices(changed.map((device) => deviceToJson(device, live.state(device.id))));
    }
    sockets.publishPositions(stored);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const startedAt = Date.now();
      this.running = this.tick()
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'simulator tick failed'))
        .finally(() => {
          this.running = null;
          this.schedule(Math.max(0, this.deps.intervalMs - (Date.now() - startedAt)));
        });
    }, delayMs);
  }
}
