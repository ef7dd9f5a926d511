import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { startGateway, type GatewayOptions, type RunningGateway } from '../gateway';
import { send } from './http';
import { signIn } from './sign-in';

/** A JSON answer of the gateway. */
export interface JsonAnswer<T = unknown> {
  status: number;
  body: T;
}

/** A browser signed in to the gateway: JSON calls with its cookie. */
export interface Browser {
  cookie: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<JsonAnswer<T>>;
}

/** The real tracker (a small simulated fleet) and a gateway in front of it whose service account is the demo administrator. */
export interface TrackingFixture {
  tracker: RunningTracker;
  gateway: RunningGateway;
  admin: Browser;
  signIn(email: string, password: string): Promise<Browser>;
  /** A position as the OsmAnd phone app reports it; `at` must grow per device. */
  report(uniqueId: string, latitude: number, longitude: number, at: Date, attributes?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

export async function startTrackingFixture(gatewayOptions: Partial<GatewayOptions> = {}): Promise<TrackingFixture> {
  const tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 2, intervalMs: 1000 }, logger: false });
  const gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    traccarUrl: tracker.url,
    logger: false,
    serviceAccount: { user: demoAccount.email, password: demoAccount.password },
    jobPollIntervalMs: 50,
    ...gatewayOptions,
  }).catch(async (error: unknown) => {
    await tracker.close();
    throw error;
  });
  const browser = async (email: string, password: string): Promise<Browser> => {
    const cookie = await signIn(gateway.url, email, password);
    if (!cookie) throw new Error(`sign-in of ${email} refused`);
    return {
      cookie,
      call: async <T>(method: string, path: string, body?: unknown) => {
        const response = await send(`${gateway.url}${path}`, {
          method,
          headers: { accept: 'application/json', cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: (response.text ? JSON.parse(response.text) : undefined) as T };
      },
    };
  };
  return {
    tracker,
    gateway,
    admin: await browser(demoAccount.email, demoAccount.password),
    signIn: browser,
    report: async (uniqueId, latitude, longitude, at, attributes = {}) => {
      const query = new URLSearchParams({ id: uniqueId, lat: String(latitude), lon: String(longitude), timestamp: at.toISOString(), ...attributes });
      const response = await fetch(`${tracker.osmandUrl}/?${query.toString()}`);
      if (response.status !== 200) throw new Error(`OsmAnd report refused: ${response.status}`);
    },
    close: async () => {
      await gateway.close();
      await tracker.close();
    },
  };
}

/** Polls `read` until `done` holds of its value (or fails after `timeoutMs`). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
