import { z } from 'zod';
import { deviceSchema, positionSchema, serverSchema, userSchema } from '../contract/traccar';
import type { Device, Position, Server, User } from '../contract/traccar';
import { createHttpClient } from './http';
import type { HttpClient } from './http';

/** SPEC §7: Traccar's API under /api, credentials sent, 60 s timeout, any status below 400 accepted. */
export const TRACKING_API_TIMEOUT_MS = 60_000;
/** SPEC §9: position lookups by id are split into batches above 500 ids. */
export const POSITION_BATCH_SIZE = 500;

export interface TrackingApi {
  readonly http: HttpClient;
  session: {
    login(email: string, password: string): Promise<User>;
    current(): Promise<User | null>;
    logout(): Promise<void>;
    /** Mails a recovery link that opens `<requestedFrom>/login/recover/<token>`. */
    requestPasswordReset(email: string, requestedFrom: string): Promise<void>;
    /** Sets a new password with the token from a recovery link. */
    resetPassword(token: string, password: string): Promise<void>;
  };
  users: {
    /** Self-registration, without a session; the server refuses it unless `registration` is on. */
    register(account: NewAccount): Promise<User>;
  };
  server: { get(): Promise<Server> };
  devices: { list(): Promise<Device[]> };
  positions: { latest(): Promise<Position[]>; byIds(ids: number[]): Promise<Position[]> };
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

export function createTrackingApi(http: HttpClient = createHttpClient({ baseUrl: '/api', timeoutMs: TRACKING_API_TIMEOUT_MS })): TrackingApi {
  const positionList = z.array(positionSchema);
  return {
    http,
    session: {
      // The extra `undefined=false` field is what the reference web client sends; Traccar ignores it.
      login: async (email, password) =>
        userSchema.parse(await http.json('/session', { method: 'POST', form: { email, password, undefined: 'false' } })),
      current: async () => {
        const response = await http.request('/session').catch((error: unknown) => {
          if (error instanceof Error && 'status' in error && error.status === 404) return null;
          throw error;
        });
        return response ? userSchema.parse(await response.json()) : null;
      },
      logout: async () => {
        await http.request('/session', { method: 'DELETE' });
      },
      requestPasswordReset: async (email, requestedFrom) => {
        await http.request('/session/password', { method: 'POST', form: { email, requested_from: requestedFrom } });
      },
      resetPassword: async (token, password) => {
        await http.request('/session/password', { method: 'POST', form: { token, password } });
      },
    },
    users: {
      register: async (account) => userSchema.parse(await http.json('/users', { method: 'POST', json: account })),
    },
    server: { get: async () => serverSchema.parse(await http.json('/server')) },
    devices: { list: async () => z.array(deviceSchema).parse(await http.json('/devices')) },
    positions: {
      latest: async () => positionList.parse(await http.json('/positions')),
      byIds: async (ids) => {
        const batches: number[][] = [];
        for (let start = 0; start < ids.length; start += POSITION_BATCH_SIZE) batches.push(ids.slice(start, start + POSITION_BATCH_SIZE));
        const answers = await Promise.all(batches.map((batch) => http.json('/positions', { query: { id: batch } })));
        return answers.flatMap((answer) => positionList.parse(answer));
      },
    },
  };
}
