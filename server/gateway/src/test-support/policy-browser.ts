import { send, type RawResponse } from './http';

export type Json = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in browser: calls go through `baseUrl` (the gateway, or the tracker itself to look behind it). */
export class Browser {
  constructor(
    readonly baseUrl: string,
    readonly cookie: string,
    /** The Host the browser names (a reseller's domain); the gateway's own address otherwise. */
    private readonly host?: string,
    /** An API token sent as `Authorization: Bearer` instead of the cookie. */
    private readonly token?: string,
  ) {}

  /** The same session, through another gateway. */
  at(baseUrl: string): Browser {
    return new Browser(baseUrl, this.cookie, this.host, this.token);
  }

  /** The same session, on another domain. */
  on(host: string): Browser {
    return new Browser(this.baseUrl, this.cookie, host, this.token);
  }

  /**
   * The same user with a new API token (`POST /api/session/token`): a credential no gateway has
   * seen, so none answers from its short cache of who the caller is (changed permissions show at once).
   */
  async withNewToken(): Promise<Browser> {
    const response = await this.call('POST', '/api/session/token');
    if (response.status !== 200) throw new Error(`no token: ${response.status} ${response.text}`);
    return new Browser(this.baseUrl, this.cookie, this.host, response.text);
  }

  static async signIn(baseUrl: string, email: string, password: string): Promise<Browser> {
    const response = await send(`${baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    const cookie = (response.headers['set-cookie'] ?? []).find((value) => value.startsWith('JSESSIONID='))?.split(';')[0];
    if (response.status !== 200 || !cookie) throw new Error(`${email} cannot sign in: ${response.status} ${response.text}`);
    return new Browser(baseUrl, cookie);
  }

  call(method: Method, path: string, json?: unknown): Promise<RawResponse> {
    const headers = {
      ...(this.token ? { authorization: `Bearer ${this.token}` } : { cookie: this.cookie }),
      accept: 'application/json',
      ...(this.host ? { host: this.host } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    };
    return send(`${this.baseUrl}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  }

  /** A call that must succeed; its JSON. */
  async ok<T = Json>(method: Method, path: string, json?: unknown): Promise<T> {
    const response = await this.call(method, path, json);
    if (response.status >= 300) throw new Error(`${method} ${path} → ${response.status} ${response.text}`);
    return (response.text ? response.json() : undefined) as T;
  }
}

let counter = 0;
/** A name no other test run or call of this one has used. */
export const unique = (prefix: string) => `${prefix}${Date.now() % 100_000}${++counter}`;
export const newDevice = () => ({ name: unique('Van '), uniqueId: unique('imei') });
