import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { accountStateSchema } from '@rastro/shared/contract';
import type { Database } from '@rastro/db';

/** The PostgreSQL channel every gateway of an installation listens to. */
export const CLUSTER_CHANNEL = 'rastro_gateway_events';

/** What one gateway tells every gateway sharing its database, itself included. */
const clusterEventSchema = z.discriminatedUnion('name', [
  /**
   * An account was just suspended (by an administrator, or when its trust period ended) or made
   * active (reactivated, or on trust): each gateway reads its state anew, and closes its sockets when suspended.
   */
  z.object({ name: z.literal('accountStateChanged'), payload: z.object({ userId: z.number().int().positive(), state: accountStateSchema.shape.state }) }),
  /** A device was just removed in safe mode: the browsers that saw it are told it is gone. */
  z.object({ name: z.literal('deviceRemoved'), payload: z.object({ id: z.number().int().positive(), name: z.string(), uniqueId: z.string() }) }),
  /** The server settings were saved: each gateway reads them anew, and tells its browsers to. */
  z.object({ name: z.literal('serverChanged'), payload: z.object({}) }),
]);
/** A notification: the event and the gateway that sent it (which acted on it already). */
const envelopeSchema = z.object({ from: z.string(), event: clusterEventSchema });

export type ClusterEvent = z.infer<typeof clusterEventSchema>;
export type ClusterEventName = ClusterEvent['name'];
export type ClusterEventMap = { [Name in ClusterEventName]: Extract<ClusterEvent, { name: Name }>['payload'] };
type Handler<Name extends ClusterEventName> = (payload: ClusterEventMap[Name]) => void | Promise<void>;
/** Each event's handlers, keyed so that a name and its payload stay paired in the types. */
type Handlers = { [Name in ClusterEventName]: Array<Handler<Name>> };

/**
 * Events every gateway of an installation acts on, through the database they share (PostgreSQL
 * LISTEN/NOTIFY; PGlite, one process, hears its own). Whoever publishes acts at once, as if alone,
 * then notifies the others; its own notification comes back to it and is ignored, so each gateway
 * acts exactly once, and a failed NOTIFY (logged) still leaves the publisher's own work done.
 */
export class ClusterEvents {
  /** This gateway, to recognise its own notifications. */
  private readonly id = randomUUID();
  private readonly handlers: Handlers = { accountStateChanged: [], deviceRemoved: [], serverChanged: [] };
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Pick<Database, 'query' | 'listen'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `handler` for each event of that name, published here or by another gateway. */
  on<Name extends ClusterEventName>(name: Name, handler: Handler<Name>): void {
    this.handlers[name].push(handler);
  }

  /** Starts hearing the other gateways; resolves once listening. */
  async start(): Promise<void> {
    this.stopListening = await this.db.listen(CLUSTER_CHANNEL, {
      notification: (payload) => this.received(payload),
      trouble: (error) => this.log.warn({ err: error }, 'cluster events: the listening connection dropped; events of other gateways are missed until it is back'),
      resumed: () => this.log.info('cluster events: listening again'),
    });
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }

  /** Acts on the event here, then tells the other gateways. Never rejects: a failed NOTIFY is logged. */
  async publish(event: ClusterEvent): Promise<void> {
    this.dispatch(event.name, event.payload);
    try {
      await this.db.query('SELECT pg_notify($1, $2)', [CLUSTER_CHANNEL, JSON.stringify({ from: this.id, event })]);
    } catch (error) {
      this.log.error({ err: error, event: event.name }, 'cluster events: the other gateways were not told');
    }
  }

  private received(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const envelope = envelopeSchema.safeParse(parsed);
    if (!envelope.success) return this.log.warn({ notification: text.slice(0, 200) }, 'cluster events: unreadable notification dropped');
    const { from, event } = envelope.data;
    if (from !== this.id) this.dispatch(event.name, event.payload);
  }

  private dispatch<Name extends ClusterEventName>(name: Name, payload: ClusterEventMap[Name]): void {
    const failed = (error: unknown) => this.log.error({ err: error, event: name }, 'cluster events: a handler failed');
    for (const handler of this.handlers[name]) {
      try {
        void Promise.resolve(handler(payload)).catch(failed);
      } catch (error) {
        failed(error);
      }
    }
  }
}
