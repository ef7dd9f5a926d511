import type { FastifyBaseLogger } from 'fastify';
import type { NewEvent } from '../entities/event';
import { PeriodicTask } from '../schedule/periodic-task';
import type { FleetConfig } from './fleet-config';
import type { FleetConfigSource } from './fleet-config-cache';

export interface InactivityCheckDependencies {
  config: FleetConfigSource;
  /** When each device last reported (null: never). */
  lastUpdate: (deviceId: number) => Date | null;
  /** Stores and delivers the events (the ingest's recordEvents). */
  record: (events: NewEvent[]) => Promise<void>;
  /** How often to look, in ms. Traccar looks every 15 minutes; default here 60,000. */
  intervalMs?: number;
  log: FastifyBaseLogger;
}

const DEFAULT_INTERVAL_MS = 60_000;
const positiveNumber = (value: unknown) => Number(value) > 0;

/**
 * Traccar's device inactivity check (TaskDeviceInactivityCheck): a `deviceInactive` event when a
 * device has sent nothing for `deviceInactivityStart` ms since its last update, and again every
 * `deviceInactivityPeriod` ms after that while it stays silent — both attributes of the device,
 * else of its nearest group that has them (not the server's). Each check raises the events whose
 * moment came since the previous check. The event has no position, is dated at the check, and
 * carries `lastUpdate` (epoch ms).
 */
export class InactivityCheck {
  private previousCheck: number | null = null;
  private readonly intervalMs: number;
  private readonly periodic: PeriodicTask;

  constructor(private readonly deps: InactivityCheckDependencies) {
    this.intervalMs = deps.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.periodic = new PeriodicTask(() => this.check(), this.intervalMs, (error) => deps.log.error({ err: error }, 'inactivity check failed'));
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async check(now = new Date()): Promise<void> {
    const at = now.getTime();
    const since = this.previousCheck ?? at - this.intervalMs;
    this.previousCheck = at;
    const config = await this.deps.config.current();
    const events = config.deviceIds().flatMap((deviceId): NewEvent[] => {
      const lastUpdate = this.deps.lastUpdate(deviceId);
      if (!lastUpdate || !inactivityDue(lastUpdate.getTime(), settingsOf(config, deviceId), since, at)) return [];
      return [{ type: 'deviceInactive', eventTime: now, deviceId, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: { lastUpdate: lastUpdate.getTime() } }];
    });
    if (events.length > 0) await this.deps.record(events);
  }
}

interface InactivitySettings {
  startMs: number;
  periodMs: number;
}

function settingsOf(config: FleetConfig, deviceId: number): InactivitySettings {
  const setting = (key: string) => Number(config.ownOrGroupAttribute(deviceId, key, positiveNumber) ?? 0);
  return { startMs: setting('deviceInactivityStart'), periodMs: setting('deviceInactivityPeriod') };
}

/** Whether one of the moments lastUpdate + start, + start + period, + start + 2·period… lies in (since, now]. */
export function inactivityDue(lastUpdate: number, { startMs, periodMs }: InactivitySettings, since: number, now: number): boolean {
  if (!(startMs > 0)) return false;
  const first = lastUpdate + startMs;
  if (now < first) return false;
  if (first > since) return true;
  if (!(periodMs > 0)) return false;
  const latest = first + Math.floor((now - first) / periodMs) * periodMs;
  return latest > since;
}
