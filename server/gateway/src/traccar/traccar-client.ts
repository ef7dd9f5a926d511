import { DEFAULT_TRACCAR_TIMEOUT_MS, unavailableFromFetch } from './traccar-unavailable';

/**
 * Server-side calls from the gateway to the tracking server (Traccar or the tracker): on behalf of
 * a browser (its cookie / Authorization forwarded) or of the gateway's own service account.
 */
export interface TraccarCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with query, e.g. `/api/devices?all=true`. */
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  /** Credentials to act with: a browser's `cookie` / `authorization` headers. */
  credentials?: Credentials;
}

export interface Credentials {
  cookie?: string;
  authorization?: string;
}

/** A refusal or failure of the tracking server, with Traccar's status and text. */
export class TraccarCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    path: string,
  ) {
    super(`tracking server answered ${status} to ${path}: ${body.split('\n')[0]}`);
    this.name = 'TraccarCallError';
  }
}

export class TraccarClient {
  constructor(
    readonly baseUrl: string,
    /** How long to wait for an answer before giving up with a TraccarUnavailableError (timed out). */
    readonly timeoutMs = DEFAULT_TRACCAR_TIMEOUT_MS,
  ) {}

  /** The raw answer, whatever its status; TraccarUnavailableError when there is none. */
  async send({ method = 'GET', path, json, form, credentials = {} }: TraccarCall): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (credentials.cookie) headers.cookie = credentials.cookie;
    if (credentials.authorization) headers.authorization = credentials.authorization;
    let body: string | undefined;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    try {
      return await fetch(`${this.baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw unavailableFromFetch(error) ?? error;
    }
  }

  /** A JSON answer (or undefined for 204); any status from 400 on throws TraccarCallError. */
  async json<T>(call: TraccarCall): Promise<T> {
    const response = await this.send(call);
    const text = await response.text();
    if (response.status >= 400) throw new TraccarCallError(response.status, text, call.path);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** The cookie pair a login answered with, ready to send back. */
export function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('JSESSIONID='))
    ?.split(';')[0];
}

/** What a browser request carries that proves who it is. */
export function credentialsOf(headers: Record<string, string | string[] | undefined>): Credentials {
  const pick = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join('; ') : value;
  };
  return { cookie: pick('cookie'), authorization: pick('authorization') };
}
