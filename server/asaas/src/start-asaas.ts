import { createAsaasServer, type AsaasServerOptions } from './asaas-server';
import type { Delivery, DeliveryMode, WebhookConfig } from './webhook-sender';

export interface StartAsaasOptions extends AsaasServerOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

export interface RunningAsaas {
  /** e.g. http://127.0.0.1:40123; the API is under `${url}/v3`. */
  url: string;
  /** Sets where events go (as `POST /v3/webhooks` does). */
  setWebhook(config: WebhookConfig | null): void;
  /** `hold` keeps events until `releaseWebhooks` (see WebhookSender). */
  setDeliveryMode(mode: DeliveryMode): void;
  /** Every delivery tried so far, once immediate deliveries have been tried. */
  deliveries(): Promise<Delivery[]>;
  /** Marks overdue what is past its due date (as the server does when its clock moves). */
  checkOverdue(): void;
  /** The server's date (YYYY-MM-DD): its test clock (`POST /_test/clock`) when set, else `options.today` or the real one. */
  today(): string;
  close(): Promise<void>;
}

/** Starts the Asaas-compatible server. */
export async function startAsaas(options: StartAsaasOptions): Promise<RunningAsaas> {
  const { app, webhooks, checkOverdue, today } = createAsaasServer(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  // The overdue sweep Asaas runs daily, here every minute (the clock may be moved by tests).
  const sweep = setInterval(() => checkOverdue(options.publicUrl ?? url), 60_000);
  sweep.unref();
  return {
    url,
    setWebhook: (config) => {
      webhooks.config = config;
    },
    setDeliveryMode: (mode) => {
      webhooks.mode = mode;
    },
    deliveries: async () => {
      await webhooks.idle();
      return [...webhooks.deliveries];
    },
    checkOverdue: () => checkOverdue(options.publicUrl ?? url),
    today,
    close: async () => {
      clearInterval(sweep);
      await webhooks.idle();
      await app.close();
    },
  };
}
