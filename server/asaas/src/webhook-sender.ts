import { randomBytes } from 'node:crypto';

/** Where and how events are sent (`POST /v3/webhooks`, or the server's options). */
export interface WebhookConfig {
  url: string;
  /** Sent as the `asaas-access-token` header. */
  authToken: string;
  enabled: boolean;
}

export interface WebhookEvent {
  id: string;
  event: string;
  dateCreated: string;
  payment: Record<string, unknown>;
}

export interface Delivery {
  eventId: string;
  event: string;
  /** The receiver's HTTP status, or 0 when it could not be reached. */
  status: number;
  attempt: number;
  at: string;
}

/**
 * `immediate`: each event is posted as it happens, in order, retried with backoff while the
 * receiver fails (Asaas keeps a failing queue and retries). `hold`: events wait for `release`,
 * which delivers them in the order asked, as many times as asked (a test of at-least-once,
 * out-of-order delivery).
 */
export type DeliveryMode = 'immediate' | 'hold';
export type ReleaseOrder = 'sent' | 'reverse' | 'shuffle';

const RETRIES = 5;
const RETRY_BASE_MS = 200;

export class WebhookSender {
  config: WebhookConfig | null;
  mode: DeliveryMode = 'immediate';
  readonly deliveries: Delivery[] = [];
  private held: WebhookEvent[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(config: WebhookConfig | null) {
    this.config = config;
  }

  /** A new event: delivered now (in order behind earlier ones), or held. */
  emit(event: string, payment: Record<string, unknown>, now: Date): WebhookEvent {
    const record: WebhookEvent = { id: `evt_${randomBytes(16).toString('hex')}`, event, dateCreated: asaasDateTime(now), payment };
    if (this.mode === 'hold') this.held.push(record);
    else this.queue = this.queue.then(() => this.deliverWithRetries(record));
    return record;
  }

  /** Delivers the held events (once each, or `repeat` times), in the given order; resolves when all were tried. */
  async release(order: ReleaseOrder, repeat: number): Promise<number> {
    const events = this.held;
    this.held = [];
    const copies = Array.from({ length: repeat }, () => events).flat();
    const ordered = order === 'reverse' ? copies.reverse() : order === 'shuffle' ? shuffled(copies) : copies;
    for (const event of ordered) await this.deliverOnce(event, 1);
    return ordered.length;
  }

  /** Resolves once every immediate delivery so far has been tried. */
  idle(): Promise<void> {
    return this.queue;
  }

  private async deliverWithRetries(event: WebhookEvent): Promise<void> {
    for (let attempt = 1; attempt <= RETRIES; attempt++) {
      const status = await this.deliverOnce(event, attempt);
      if (status === null || (status >= 200 && status < 300)) return;
      await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2 ** (attempt - 1)));
    }
  }

  /** One POST; the receiver's status, or null when no webhook is configured. */
  private async deliverOnce(event: WebhookEvent, attempt: number): Promise<number | null> {
    const config = this.config;
    if (!config?.enabled) return null;
    let status: number;
    try {
      const answer = await fetch(config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': config.authToken, 'user-agent': 'Asaas_Hmlg/3.0' },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(10_000),
      });
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      status = 0;
    }
    this.deliveries.push({ eventId: event.id, event: event.event, status, attempt, at: new Date().toISOString() });
    return status;
  }
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** Asaas's date-time format in events: `YYYY-MM-DD HH:mm:ss`. */
export function asaasDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
