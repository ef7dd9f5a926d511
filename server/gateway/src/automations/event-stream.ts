import WebSocket from 'ws';
import { z } from 'zod';
import { eventSchema, type TrackingEvent } from '@rastro/shared/contract';
import type { ServiceAccount } from '../traccar/service-account';

/** Only events matter here; positions and devices messages pass unread. */
const eventsMessage = z.object({ events: z.array(eventSchema).optional() });

/** One key per event, the same on every gateway that hears it: what makes its handling once-only (JobQueue.enqueueOnce). */
export function eventKey(event: TrackingEvent): string {
  return event.id > 0 ? `event:${event.id}` : `event:${event.type}:${event.deviceId}:${event.geofenceId ?? 0}:${String(event.eventTime)}`;
}

export type TrackingEventListener = (event: TrackingEvent) => Promise<void>;

export interface EventStreamOptions {
  /** The tracking server's origin, e.g. http://127.0.0.1:8082. */
  traccarUrl: string;
  serviceAccount: ServiceAccount;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Wait before reconnecting after the socket closed or was refused. Default 5 s. */
  reconnectMs?: number;
  /** Before each connection: make sure the service account hears these event types (see ensureWebNotifications). */
  prepare?: (types: readonly string[]) => Promise<void>;
}

/**
 * The tracking server's events as the gateway's service account hears them on `/api/socket`
 * (Traccar's `web` notificator: see ensureWebNotifications). Every gateway follows the stream, so
 * listeners see each event on each gateway: what they do must be made once-only (the job queue's
 * enqueueOnce). Reconnects after a close until stop().
 */
export class TrackingEventStream {
  private readonly listeners: Array<{ types: ReadonlySet<string>; listener: TrackingEventListener; hear: boolean }> = [];
  private socket: WebSocket | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = true;
  private renewSession = false;

  constructor(private readonly options: EventStreamOptions) {}

  /**
   * Calls `listener` for each event of these types. Register before start(). `hear: false` takes
   * only what the service account already hears, without making it hear these types (see `types`).
   */
  follow(types: readonly string[], listener: TrackingEventListener, { hear = true }: { hear?: boolean } = {}): void {
    this.listeners.push({ types: new Set(types), listener, hear });
  }

  /** Every event type some listener follows and needs heard (prepare's types). */
  get types(): string[] {
    return [...new Set(this.listeners.flatMap(({ types, hear }) => (hear ? [...types] : [])))];
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.socket?.terminate();
    this.socket = null;
  }

  private async connect(): Promise<void> {
    let cookie: string;
    try {
      cookie = await this.options.serviceAccount.sessionCookie(this.renewSession);
      await this.options.prepare?.(this.types);
    } catch (error) {
      this.options.log.warn({ err: error }, 'event stream: cannot reach the tracking server as the service account');
      this.reconnectLater();
      return;
    }
    if (this.stopped) return;
    this.renewSession = false;
    const socket = new WebSocket(`${this.options.traccarUrl.replace(/^http/, 'ws')}/api/socket`, { headers: { cookie } });
    this.socket = socket;
    socket.on('unexpected-response', (_request, response) => {
      // An expired session: sign in again on the next attempt.
      if (response.statusCode === 401 || response.statusCode === 403) this.renewSession = true;
      this.options.log.warn({ status: response.statusCode }, 'event stream: the tracking server refused the socket');
      socket.terminate();
    });
    socket.on('error', (error) => this.options.log.warn({ err: error }, 'event stream: socket error'));
    socket.on('message', (data) => void this.dispatch(String(data)));
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      this.reconnectLater();
    });
  }

  private reconnectLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) void this.connect();
    }, this.options.reconnectMs ?? 5_000);
    this.retry.unref();
  }

  private async dispatch(text: string): Promise<void> {
    let events: TrackingEvent[];
    try {
      events = eventsMessage.parse(JSON.parse(text)).events ?? [];
    } catch (error) {
      this.options.log.warn({ err: error }, 'event stream: unreadable message');
      return;
    }
    for (const event of events) {
      for (const { types, listener } of this.listeners) {
        if (!types.has(event.type)) continue;
        await listener(event).catch((error: unknown) => this.options.log.error({ err: error, event: event.id, type: event.type }, 'event stream: listener failed'));
      }
    }
  }
}
