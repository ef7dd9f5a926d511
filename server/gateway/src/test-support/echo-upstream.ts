import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface EchoUpstream {
  url: string;
  /** Every request received, in order. */
  received: EchoedRequest[];
  close(): Promise<void>;
}

/**
 * A raw HTTP server that records exactly what reached it and answers with what the test asks
 * for, so proxy fidelity (bytes, headers, status) is checked without any framework in between.
 * The request path picks the answer: `/api/status/<code>` replies that status with a text body
 * and two Set-Cookie headers; `/api/delay/<ms>` answers 200 "late" after that long;
 * `/api/reports/capped` answers a route of two fixes cut at the tracker's limit (its
 * X-Rastro-Truncated header); anything else replies 200 with the body echoed back.
 */
/** What `/api/reports/capped` answers. */
export const CAPPED_ROUTE = '[{"id":1,"deviceId":3},{"id":2,"deviceId":3}]';

export async function startEchoUpstream(): Promise<EchoUpstream> {
  const received: EchoedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const delay = /^\/api\/delay\/(\d+)/.exec(request.url ?? '');
      if (delay?.[1]) {
        setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('late'), Number(delay[1]));
        return;
      }
      if ((request.url ?? '').startsWith('/api/reports/capped')) {
        response.writeHead(200, { 'content-type': 'application/json', 'x-rastro-truncated': 'true' }).end(CAPPED_ROUTE);
        return;
      }
      const status = /^\/api\/status\/(\d{3})/.exec(request.url ?? '');
      if (status?.[1]) {
        response.writeHead(Number(status[1]), {
          'content-type': 'text/plain',
          'set-cookie': ['a=1; Path=/; HttpOnly', 'b=2; Path=/'],
        });
        response.end(`status ${status[1]}\nsecond line`);
        return;
      }
      response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/octet-stream' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
