import type { FastifyBaseLogger } from 'fastify';
import type { PositionIngest } from '../ingest/position-ingest';
import { PeriodicTask } from '../schedule/periodic-task';

// Look for silent devices a few times per timeout, but neither busily nor rarely.
const checkIntervalFor = (timeoutMs: number) => Math.min(10_000, Math.max(100, timeoutMs / 10));

/**
 * Traccar's status timeout (`status.timeout`, 600 s) for devices that report over the network:
 * a device that has not sent anything for `timeoutMs` goes to `unknown` — Traccar's
 * ConnectionManager.deviceUnknown, hence a deviceUnknown event — through the ingest, so sockets
 * hear of it. It comes back online with its next report. Simulated devices are not watched: the
 * simulator decides.
 */
export class StatusTimeout {
  private readonly lastReportAt = new Map<number, number>();
  private readonly periodic: PeriodicTask;

  constructor(private readonly deps: { timeoutMs: number; ingest: PositionIngest; log: FastifyBaseLogger }) {
    this.periodic = new PeriodicTask(() => this.check(), checkIntervalFor(deps.timeoutMs), (error) => deps.log.error({ err: error }, 'status timeout check failed'));
  }

  reported(deviceId: number, at: Date): void {
    this.lastReportAt.set(deviceId, at.getTime());
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** Marks the devices silent for longer than the timeout unknown. */
  async check(now = new Date()): Promise<void> {
    const silent: number[] = [];
    for (const [deviceId, at] of this.lastReportAt) if (now.getTime() - at >= this.deps.timeoutMs) silent.push(deviceId);
    if (silent.length === 0) return;
    for (const deviceId of silent) this.lastReportAt.delete(deviceId);
    await this.deps.ingest.ingest([], silent.map((deviceId) => ({ deviceId, status: 'unknown' as const })), now);
  }
}
