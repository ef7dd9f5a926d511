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
  /** Sets where the main account's events go (as `POST /v3/webhooks` does; a subaccount sets its own with its key). */
  setWebhook(config: WebhookConfig | null): void;
  /** `hold` keeps every account's events until released (see WebhookSender). */
  setDeliveryMode(mode: DeliveryMode): void;
  /** Every delivery tried so far (every account's), once immediate deliveries have been tried. */
  deliveries(): Promise<Delivery[]>;
  /** Marks overdue what is past its due date (as the server does when its clock moves). */
  checkOverdue(): void;
  /** The server's date (YYYY-MM-DD): its test clock (`POST /_test/clock`) when set, else `options.today` or the real one. */
  today(): string;
  close(): Promise<void>;
}

/** Starts the Asaas-compatible server. */
export async function startAsaas(options: StartAsaasOptions): Promise<RunningAsaas> {
  const { app, main, accounts, allDeliveries, checkOverdue, today } = createAsaasServer(options);
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
      main.webhooks.config = config;
    },
    setDeliveryMode: (mode) => {
      for (const account of accounts.values()) account.webhooks.mode = mode;
    },
    deliveries: allDeliveries,
    checkOverdue: () => checkOverdue(options.publicUrl ?? url),
    today,
    close: async () => {
      clearInterval(sweep);
      await allDeliveries();
      await app.close();
    },
  };
}
