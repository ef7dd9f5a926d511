import WebSocket from 'ws';

/** Helpers the tracker's integration tests share: real HTTP with fetch, real websockets with ws. */

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export function loginRequest(email: string, password: string): RequestInit {
  return { method: 'POST', headers: FORM, body: new URLSearchParams({ email, password, undefined: 'false' }).toString() };
}

/** The `JSESSIONID=…` pair from a response, as a browser would send it back. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('JSESSIONID='));
  if (!cookie) throw new Error('no JSESSIONID cookie in the response');
  return cookie.split(';')[0] as string;
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/session`, loginRequest(email, password));
  if (response.status !== 200) throw new Error(`login failed: HTTP ${response.status}`);
  return sessionCookieOf(response);
}

export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface TestSocket {
  socket: WebSocket;
  /** The next message, parsed; rejects after `timeoutMs`. */
  next<T = Record<string, unknown>>(timeoutMs?: number): Promise<T>;
}

/** Opens a websocket and queues its messages so none is lost; rejects with the HTTP status if refused. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const queue: unknown[] = [];
    const waiting: Array<(message: unknown) => void> = [];
    socket.on('message', (data) => {
      const message: unknown = JSON.parse(data.toString());
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else queue.push(message);
    });
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`refused with HTTP ${response.statusCode}`));
      socket.terminate();
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        next: <T>(timeoutMs = 5000) =>
          new Promise<T>((done, fail) => {
            if (queue.length > 0) return done(queue.shift() as T);
            const timer = setTimeout(() => fail(new Error('no message in time')), timeoutMs);
            waiting.push((message) => {
              clearTimeout(timer);
              done(message as T);
            });
          }),
      }),
    );
  });
}

/** POSTs JSON with a session cookie; the parsed answer (undefined for 204), or throws with the status and text. */
export async function postJson<T>(baseUrl: string, path: string, cookie: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path}: HTTP ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Reads messages until one satisfies `found`, keeping all it read in `seen`; fails after `timeoutMs`. */
export async function readUntil<M, T>(socket: TestSocket, seen: M[], found: (message: M) => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await socket.next<M>(Math.max(1, deadline - Date.now()));
    seen.push(message);
    const result = found(message);
    if (result !== undefined) return result;
  }
}
