import type { FleetConfig } from './fleet-config';

/** Where event sources and delivery get the configuration: a cache in the tracker, a fixed one in tests. */
export interface FleetConfigSource {
  current(): Promise<FleetConfig> | FleetConfig;
}

export interface FleetConfigCacheOptions {
  load: () => Promise<FleetConfig>;
  /** A number that changes whenever the configuration is written (../db/config-changes.ts). */
  version: () => Promise<number>;
  /** How stale the configuration may be: at most one version check per this many ms. Default 1000. */
  maxAgeMs?: number;
  clock?: () => number;
}

/**
 * Keeps the fleet configuration in memory for the 1 Hz position stream. At most once a second it
 * asks the database whether anything was written (one tiny query) and reloads only then, so
 * neither a position nor a tick pays for a reload of unchanged data, and an edit through the API
 * is seen within a second. Concurrent callers share one check.
 */
export class FleetConfigCache implements FleetConfigSource {
  private config: FleetConfig | null = null;
  private loadedVersion = -1;
  private checkedAt = -Infinity;
  private checking: Promise<FleetConfig> | null = null;
  private readonly maxAgeMs: number;
  private readonly clock: () => number;

  constructor(private readonly options: FleetConfigCacheOptions) {
    this.maxAgeMs = options.maxAgeMs ?? 1000;
    this.clock = options.clock ?? Date.now;
  }

  current(): Promise<FleetConfig> | FleetConfig {
    if (this.config && this.clock() - this.checkedAt < this.maxAgeMs) return this.config;
    this.checking ??= this.check().finally(() => (this.checking = null));
    return this.checking;
  }

  /**
   * The tracker's own API has just written: the next caller checks the version at once, so a
   * notification saved a moment before a fix already applies to it, as in Traccar, whose API
   * writes update its cache before they answer.
   */
  invalidate(): void {
    this.checkedAt = -Infinity;
  }

  private async check(): Promise<FleetConfig> {
    const startedAt = this.clock();
    // Read before loading: a write during the load shows up as a new version next time.
    const version = await this.options.version();
    if (!this.config || version !== this.loadedVersion) {
      this.config = await this.options.load();
      this.loadedVersion = version;
    }
    this.checkedAt = startedAt;
    return this.config;
  }
}
