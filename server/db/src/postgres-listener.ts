import { Client } from 'pg';
import { ChannelListeners, checkedChannel } from './channel-listeners';
import type { NotificationListener } from './database';

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;
/**
 * A connection that stops answering while it opens or while it runs LISTEN (a frozen server, a
 * black-holed network) is given up after this long and tried again; without it the open would
 * wait forever, and so would `close()` and every `listen()` behind it.
 */
export const LISTENER_CONNECT_TIMEOUT_MS = 5_000;

/**
 * LISTEN on PostgreSQL: one connection of its own (a pool's connections come and go, and a LISTEN
 * lasts only as long as its connection), opened at the first `listen`. When it drops (a server
 * restart, a failover, pg_terminate_backend) it is opened again, sooner first and then up to every
 * few seconds, and listens to every channel again.
 */
export class PostgresListener {
  private readonly listeners = new ChannelListeners();
  private client: Promise<Client> | null = null;
  /** The connection once open, to tell its own drop from an older one's. */
  private current: Client | null = null;
  private retryMs = FIRST_RETRY_MS;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
    checkedChannel(channel);
    if (this.closed) throw new Error('The database is closed');
    this.listeners.add(channel, listener);
    try {
      // A connection opened for an earlier channel does not listen to this one yet (LISTEN twice is harmless).
      await (await this.connected()).query(`LISTEN ${channel}`);
    } catch (error) {
      this.listeners.remove(channel, listener);
      throw error;
    }
    return async () => {
      if (!this.listeners.remove(channel, listener) || !this.client) return;
      // A connection being re-opened may fail: it would then not listen anyway.
      await this.client.then((client) => client.query(`UNLISTEN ${channel}`)).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = await this.client?.catch(() => null);
    this.client = null;
    this.current = null;
    await client?.end().catch(() => undefined);
  }

  /** The listening connection, opened (and listening to every channel) when there is none. */
  private connected(): Promise<Client> {
    this.client ??= this.open().catch((error: unknown) => {
      this.client = null;
      throw error;
    });
    return this.client;
  }

  private async open(): Promise<Client> {
    // keepAlive: a connection cut without a word (a dead network path) is noticed, and so re-opened.
    const client = new Client({
      connectionString: this.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: LISTENER_CONNECT_TIMEOUT_MS,
      query_timeout: LISTENER_CONNECT_TIMEOUT_MS,
    });
    // Without an error listener a dropped connection would crash the process.
    client.on('error', (error) => this.listeners.trouble(error));
    client.on('notification', ({ channel, payload }) => this.listeners.notify(channel, payload ?? ''));
    client.once('end', () => this.dropped(client));
    try {
      await client.connect();
      for (const channel of this.listeners.channels()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      // Not awaited: a server that stopped answering would not answer the goodbye either.
      void client.end().catch(() => undefined);
      throw error;
    }
    this.current = client;
    return client;
  }

  private dropped(client: Client): void {
    if (this.closed || this.current !== client) return;
    this.current = null;
    this.client = null;
    this.scheduleReopen();
  }

  private scheduleReopen(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connected().then(
        () => {
          this.retryMs = FIRST_RETRY_MS;
          this.listeners.resumed();
        },
        (error: unknown) => {
          this.listeners.trouble(error instanceof Error ? error : new Error(String(error)));
          this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
          this.scheduleReopen();
        },
      );
    }, this.retryMs);
    this.retry.unref();
  }
}
