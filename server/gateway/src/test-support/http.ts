import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T = unknown>(): T;
}

/**
 * A plain node:http request. Not fetch: fetch will not send a custom Host header (the tenant
 * selector) and folds Set-Cookie headers, both of which these tests look at.
 */
export function send(
  url: string,
  options: { method?: string; headers?: OutgoingHttpHeaders; body?: string | Buffer } = {},
): Promise<RawResponse> {
  // An explicit length: Node's client sends a DELETE body without one (nor chunked), which no server can read.
  const headers = options.body === undefined ? options.headers : { 'content-length': Buffer.byteLength(options.body), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: <T>() => JSON.parse(text) as T });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
