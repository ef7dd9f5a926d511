import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * A few lines of Traccar's session and socket behaviour (TRACCAR.md), for socket-relay edge cases
 * the real tracker cannot be made to produce on demand (a server that closes the socket itself,
 * echoes what it receives). Login: any password "admin"; cookie JSESSIONID=fake-session. The
 * socket takes that cookie or `?token=fake-token` (which the token login takes too), never an Authorization header.
 */
export interface FakeTraccar {
  url: string;
  /** Close codes of sockets the browser side ended, as the server saw them. */
  closedByPeer: number[];
  /** How many sessions were ended (`DELETE /api/session` with the session cookie). */
  sessionsEnded(): number;
  closeSockets(code: number): void;
  close(): Promise<void>;
}

/** The one user, as Traccar's session answers describe it. */
const ADMIN = JSON.stringify({ id: 1, name: 'admin', email: 'admin' });

export async function startFakeTraccar(): Promise<FakeTraccar> {
  const authed = (cookie: string | undefined): boolean => (cookie ?? '').includes('JSESSIONID=fake-session');
  let sessionsEnded = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/api/session') {
        if (new URLSearchParams(body).get('password') !== 'admin') {
          response.writeHead(401, { 'content-type': 'text/plain' }).end('jakarta.ws.rs.WebApplicationException: HTTP 401 Unauthorized');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'JSESSIONID=fake-session; Path=/; HttpOnly' });
        response.end(ADMIN);
        return;
      }
      if (request.method === 'DELETE' && request.url === '/api/session' && authed(request.headers.cookie)) {
        sessionsEnded++;
        response.writeHead(204).end();
        return;
      }
      if (request.url === '/api/session?token=fake-token') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(ADMIN);
        return;
      }
      if (request.url === '/api/server') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}');
        return;
      }
      response.writeHead(authed(request.headers.cookie) ? 200 : 404).end();
    });
  });
  const sockets = new WebSocketServer({
    server,
    path: '/api/socket',
    verifyClient: (info, done) => {
      const token = new URL(info.req.url ?? '/', 'http://fake').searchParams.get('token');
      return (token === null ? authed(info.req.headers.cookie) : token === 'fake-token') ? done(true) : done(false, 401);
    },
  });
  const closedByPeer: number[] = [];
  sockets.on('connection', (socket) => {
    socket.on('close', (code) => closedByPeer.push(code));
    socket.send(JSON.stringify({ positions: [{ id: 1, deviceId: 1 }] }));
    socket.on('message', (data, isBinary) => socket.send(isBinary ? data : JSON.stringify({ echo: data.toString() }), { binary: isBinary }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    closedByPeer,
    sessionsEnded: () => sessionsEnded,
    closeSockets: (code) => sockets.clients.forEach((socket) => socket.close(code, 'server says bye')),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.clients.forEach((socket) => socket.terminate());
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
