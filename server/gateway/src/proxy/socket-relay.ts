import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { TraccarClient, type Credentials } from '../traccar/traccar-client';
import { forwardableCloseCode } from './close-codes';
import { socketCaller, socketLogin, type SocketLogin } from './socket-login';
import { isCrossSite } from '../web-security/web-security';

const SOCKET_PATH = '/api/socket';
/** Close code for relays ended by a gateway shutdown: "going away", so the shell reconnects. */
const GOING_AWAY = 1001;
/** Close code for relays of a session the gateway ended (a QR driver's logout): an application code, "signed out". */
export const SESSION_ENDED = 4401;
/** Close code for relays of a user whose account was just suspended: an application code, "forbidden". */
export const ACCOUNT_SUSPENDED = 4403;

export interface SocketRelay {
  /** Closes every open relay (both sides) and refuses new ones; resolves when all are closed. */
  close(): Promise<void>;
  /**
   * Closes this instance's relays opened with exactly this Cookie header (a session the gateway
   * has just ended on the tracking server, which leaves open sockets open); how many it closed.
   */
  endSession(cookie: string): number;
  /** Closes this instance's relays of this user (an account just suspended); how many it closed. */
  endUser(userId: number): number;
  /**
   * Sends a message of the gateway's own to each open browser whose session `isFor` accepts (asked
   * once per session), after what was relayed to it before; resolves with how many got it.
   */
  tell(text: string, isFor: (credentials: Credentials) => Promise<boolean>): Promise<number>;
}

/** Who opens a socket: its user (null when unknown), and an HTTP status when the upgrade is refused. */
export interface SocketAdmission {
  userId: number | null;
  refuse?: number;
}

interface RelayOptions {
  traccarUrl: string;
  log: FastifyBaseLogger;
  /** How long a close handshake may take before the sockets are cut. */
  closeTimeoutMs?: number;
  /**
   * Rewrites each text message from the tracking server before the browser gets it (hidden
   * devices left out); null drops the message. Messages keep their order.
   */
  filterMessage?: (text: string) => Promise<string | null>;
  /**
   * Asked before the tracking server is dialled, with the credentials the socket is relayed with
   * (socketCaller: its token as Bearer, else its cookie): who is opening the socket (so endUser
   * finds it) and whether to refuse it (a suspended account). When it fails, the socket is
   * relayed without a user, and the tracking server decides.
   */
  admit?: (caller: Credentials) => Promise<SocketAdmission>;
}

/** Who opened a relayed socket: the Cookie header it came with, and its user when known. */
interface SocketOpener {
  cookie: string | undefined;
  userId: number | null;
}

/** Answers an upgrade request with a plain HTTP status and drops the connection. */
function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The browser's URL on the tracking server, with the login's token as `?token=` (the only way Traccar takes one on its socket). */
function upstreamSocketUrl(traccarUrl: string, requestUrl: string, { token }: SocketLogin): string {
  const target = new URL(requestUrl, traccarUrl);
  target.protocol = target.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token !== undefined) target.searchParams.set('token', token);
  return target.toString();
}

/**
 * The `/api/socket` websocket, relayed to the tracking server.
 *
 * Written on `ws` directly rather than with @fastify/http-proxy's websocket option because that
 * accepts the browser's socket first and only then dials Traccar, so an unauthenticated browser
 * sees "connected, then closed 1011". Here Traccar is dialled first, with the browser's session
 * (socketLogin: Traccar's socket reads only a cookie or `?token=`, so an Authorization header is
 * turned into one of those): if Traccar refuses (no session), the browser's upgrade is refused with the same HTTP status,
 * exactly as when talking to Traccar directly; if Traccar accepts, the browser's upgrade
 * completes and messages flow both ways. Closing either side closes the other.
 */
export function attachSocketRelay(server: Server, options: RelayOptions): SocketRelay {
  const { log, traccarUrl, closeTimeoutMs = 2000, filterMessage, admit } = options;
  const tracker = new TraccarClient(traccarUrl);
  const browserSide = new WebSocketServer({ noServer: true });
  /** Each open socket (both sides of a relay), with who opened it. */
  const openSockets = new Map<WebSocket, SocketOpener>();
  /** Each open browser socket: its session, and how to send it a text in turn with what is relayed. */
  const browsers = new Map<WebSocket, { credentials: Credentials; send: (text: string) => void }>();
  let closing = false;

  function track(socket: WebSocket, opener: SocketOpener): void {
    openSockets.set(socket, opener);
    socket.once('close', () => openSockets.delete(socket));
  }

  /** Closes the open sockets (either side) whose opener matches, with `code`; how many it closed. */
  function closeWhere(matches: (opener: SocketOpener) => boolean, code: number, reason: string): number {
    const ended = [...openSockets].filter(([socket, opener]) => matches(opener) && socket.readyState === WebSocket.OPEN);
    for (const [socket] of ended) socket.close(code, reason);
    return ended.length;
  }

  /**
   * Sends to the browser, in order: the tracking server's messages (through `filterMessage` when
   * there is one) and the gateway's own (`tell`).
   */
  function sender(browser: WebSocket): { forward: (data: RawData, isBinary: boolean) => void; send: (text: string) => void } {
    let queue = Promise.resolve();
    const enqueue = (message: Promise<RawData | string | null>, isBinary = false) => {
      queue = queue
        .then(() => message)
        .then((ready) => {
          if (ready !== null && browser.readyState === WebSocket.OPEN) browser.send(ready, { binary: isBinary });
        })
        .catch((error: unknown) => log.warn({ err: error }, 'socket relay: message filter failed, message dropped'));
    };
    return {
      forward: (data, isBinary) => {
        if (!filterMessage || isBinary) return enqueue(Promise.resolve(data), isBinary);
        const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
        enqueue(filterMessage(text));
      },
      send: (text) => enqueue(Promise.resolve(text)),
    };
  }

  function relay(browser: WebSocket, traccar: WebSocket, early: Array<[RawData, boolean]>, credentials: Credentials): void {
    const { forward, send } = sender(browser);
    browsers.set(browser, { credentials, send });
    browser.once('close', () => browsers.delete(browser));
    for (const [data, isBinary] of early) forward(data, isBinary);
    traccar.on('message', forward);
    browser.on('message', (data, isBinary) => {
      if (traccar.readyState === WebSocket.OPEN) traccar.send(data, { binary: isBinary });
    });
    browser.on('close', (code, reason) => {
      if (traccar.readyState === WebSocket.OPEN) traccar.close(forwardableCloseCode(code), reason);
      else traccar.terminate();
    });
    traccar.on('close', (code, reason) => {
      if (browser.readyState === WebSocket.OPEN) browser.close(forwardableCloseCode(code), reason);
    });
    browser.on('error', (error) => log.debug({ err: error }, 'socket relay: browser side error'));
    traccar.on('error', () => browser.terminate());
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = new URL(request.url ?? '/', 'http://gateway').pathname;
    if (pathname !== SOCKET_PATH) return refuseUpgrade(socket, 404);
    if (closing) return refuseUpgrade(socket, 503);
    // Cross-site websocket hijacking: a page elsewhere would open the socket with the browser's
    // cookie and read every position. The CSRF rule for writes decides; clients without Origin pass.
    if (isCrossSite(request)) return refuseUpgrade(socket, 403);
    // A reset on the raw socket before the upgrade completes would otherwise be an uncaught error.
    socket.on('error', (error) => log.debug({ err: error }, 'socket relay: browser connection error'));
    upgrade(request, socket, head).catch((error: unknown) => {
      log.warn({ err: error }, 'socket relay: upgrade failed');
      refuseUpgrade(socket, 502);
    });
  }

  /** Logs in as the browser's socket, asks admit who it is, then dials; the login is released when refused. */
  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    // Only a Basic login reaches the tracking server here; failing, it is as unreachable as for the dial.
    const login = await socketLogin(request, tracker);
    if ('refuse' in login) return refuseUpgrade(socket, login.refuse);
    const { userId, refuse } = admit
      ? await admit(socketCaller(login)).catch((error: unknown): SocketAdmission => {
          log.debug({ err: error }, 'socket relay: cannot tell who opens the socket');
          return { userId: null };
        })
      : { userId: null };
    if (socket.destroyed || refuse || closing) {
      login.release();
      return refuseUpgrade(socket, refuse ?? 503);
    }
    dial(request, socket, head, userId, login);
  }

  /** Dials the tracking server first, with the browser's credentials; the browser's upgrade follows its answer. */
  function dial(request: IncomingMessage, socket: Duplex, head: Buffer, userId: number | null, login: SocketLogin): void {
    const opener: SocketOpener = { cookie: request.headers.cookie, userId };
    // The URL carries the login's token, if any: never logged.
    const traccar = new WebSocket(upstreamSocketUrl(traccarUrl, request.url ?? SOCKET_PATH, login), {
      headers: {
        // No Authorization: Traccar's socket ignores it (socketLogin turned it into a token or a cookie).
        ...(login.cookie ? { cookie: login.cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        ...(request.socket.remoteAddress ? { 'x-forwarded-for': request.socket.remoteAddress } : {}),
      },
      handshakeTimeout: 10_000,
    });
    track(traccar, opener);
    traccar.once('close', () => login.release());

    // Traccar sends the initial {positions} the moment it accepts; keep it until the browser's side is ready.
    const early: Array<[RawData, boolean]> = [];
    const keepEarly = (data: RawData, isBinary: boolean): void => {
      early.push([data, isBinary]);
    };
    traccar.on('message', keepEarly);

    // Exactly one answer to the browser's upgrade: refused (Traccar's status, 502, 503) or accepted.
    let answered = false;
    const refuse = (status: number): void => {
      if (answered) return;
      answered = true;
      refuseUpgrade(socket, status);
    };

    // The browser gave up while Traccar was still answering.
    const abandon = (): void => traccar.terminate();
    socket.once('close', abandon);

    traccar.once('unexpected-response', (_req, response) => {
      log.info({ status: response.statusCode }, 'socket relay: tracking server refused the socket');
      refuse(response.statusCode ?? 502);
      response.resume();
      traccar.terminate();
    });
    traccar.on('error', (error) => {
      if (answered) return;
      if (closing) return refuse(503); // cut by our own shutdown, not a tracking server fault
      log.warn({ err: error }, 'socket relay: cannot reach the tracking server');
      refuse(502);
    });
    traccar.once('open', () => {
      socket.off('close', abandon);
      if (socket.destroyed || closing) {
        traccar.close(GOING_AWAY);
        return refuse(503);
      }
      answered = true;
      browserSide.handleUpgrade(request, socket, head, (browser) => {
        track(browser, opener);
        traccar.off('message', keepEarly);
        relay(browser, traccar, early, socketCaller(login));
      });
    });
  }

  server.on('upgrade', onUpgrade);

  return {
    async close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      const sockets = [...openSockets.keys()];
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === WebSocket.CLOSED) return resolve();
              // A peer that does not answer the close handshake is cut after closeTimeoutMs.
              const cut = setTimeout(() => socket.terminate(), closeTimeoutMs);
              socket.once('close', () => {
                clearTimeout(cut);
                resolve();
              });
              if (socket.readyState === WebSocket.OPEN) socket.close(GOING_AWAY, 'Gateway shutting down');
              else socket.terminate();
            }),
        ),
      );
      browserSide.close();
    },
    async tell(text, isFor) {
      const bySession = new Map<string, { credentials: Credentials; sends: Array<(text: string) => void> }>();
      for (const { credentials, send } of browsers.values()) {
        const key = `${credentials.cookie ?? ''}\n${credentials.authorization ?? ''}`;
        const session = bySession.get(key) ?? { credentials, sends: [] };
        session.sends.push(send);
        bySession.set(key, session);
      }
      const sessions = [...bySession.values()];
      const accepted = await Promise.all(sessions.map(({ credentials }) => isFor(credentials).catch(() => false)));
      const sends = sessions.filter((_, index) => accepted[index]).flatMap((session) => session.sends);
      for (const send of sends) send(text);
      return sends.length;
    },
    endSession(cookie) {
      return closeWhere((opener) => opener.cookie === cookie, SESSION_ENDED, 'Signed out');
    },
    endUser(userId) {
      return closeWhere((opener) => opener.userId === userId, ACCOUNT_SUSPENDED, 'Account suspended');
    },
  };
}
