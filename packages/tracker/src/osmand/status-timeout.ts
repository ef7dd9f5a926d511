import type { FastifyBaseLogger } from 'fastify';
import type { PositionIngest } from '../ingest/position-ingest';

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
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(private readonly deps: { timeoutMs: number; ingest: PositionIngest; log: FastifyBaseLogger }) {}

  reported(deviceId: number, at: Date): void {
    this.lastReportAt.set(deviceId, at.getTime());
  }

  start(): void {
    this.timer = setInterval(() => {
      this.checking ??= this.check()
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'status timeout check failed'))
        .finally(() => (this.checking = null));
    }, checkIntervalFor(this.deps.timeoutMs));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking;
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
