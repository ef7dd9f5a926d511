import type { FastifyBaseLogger } from 'fastify';
import type { PositionIngest } from '../ingest/position-ingest';
import type { FleetSimulation } from './fleet-simulation';

export interface SimulatorRunnerDependencies {
  simulation: FleetSimulation;
  intervalMs: number;
  ingest: PositionIngest;
  log: FastifyBaseLogger;
  /** Devices that came back online in a step (their queued commands can go now). */
  devicesCameOnline?: (deviceIds: readonly number[]) => void;
}

/**
 * Drives the simulation in real time: every `intervalMs` one step, its fixes and status changes
 * handed to the ingest pipeline (stored in one INSERT, live state, events, sockets). Ticks never overlap — the next one is scheduled when
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
    const step = this.deps.simulation.step(now);
    await this.deps.ingest.ingest(step.positions, step.statusChanges, now);
    const cameOnline = step.statusChanges.filter((change) => change.status === 'online').map((change) => change.deviceId);
    if (cameOnline.length > 0) this.deps.devicesCameOnline?.(cameOnline);
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
