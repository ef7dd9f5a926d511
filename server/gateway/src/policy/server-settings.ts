import { serverSchema, type Server } from '@rastro/shared/contract';
import type { TraccarClient } from '../traccar/traccar-client';

/** Long enough to spare the tracking server a read per write, short enough that a changed setting shows quickly. */
const DEFAULT_TTL_MS = 3_000;

/** The tracking server's `GET /api/server` (its attributes hold Rastro's server settings), cached briefly. */
export class ServerSettings {
  private cached: { server: Promise<Server>; expiresAt: number } | null = null;

  constructor(
    private readonly traccar: TraccarClient,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  get(): Promise<Server> {
    if (this.cached && this.cached.expiresAt > Date.now()) return this.cached.server;
    const server = this.traccar.json<unknown>({ path: '/api/server' }).then((json) => serverSchema.parse(json));
    // A failed read is not kept: the next request tries again.
    server.catch(() => {
      if (this.cached?.server === server) this.cached = null;
    });
    this.cached = { server, expiresAt: Date.now() + this.ttlMs };
    return server;
  }

  /** After a `PUT /api/server` through the gateway: the next read is fresh. */
  invalidate(): void {
    this.cached = null;
  }
}
