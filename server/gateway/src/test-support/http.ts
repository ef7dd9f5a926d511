import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T = unknown>(): T;
}

/**
 * A request whose path goes out exactly as written: no URL parsing, which would resolve dots,
 * turn backslashes into slashes or re-encode (the hostile spellings the gateway must refuse).
 */
export function sendRaw(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: OutgoingHttpHeaders; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return send(baseUrl, { ...options, target: { host: hostname, port, path } });
}

/**
 * A plain node:http request. Not fetch: fetch will not send a custom Host header (the tenant
 * selector) and folds Set-Cookie headers, both of which these tests look at.
 */
export function send(
  url: string,
  options: { method?: string; headers?: OutgoingHttpHeaders; body?: string | Buffer; target?: { host: string; port: string; path: string } } = {},
): Promise<RawResponse> {
  // An explicit length: Node's client sends a DELETE body without one (nor chunked), which no server can read.
  const headers = options.body === undefined ? options.headers : { 'content-length': Buffer.byteLength(options.body), ...options.headers };
  return new Promise((resolve, reject) => {
    const handle = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: <T>() => JSON.parse(text) as T });
      });
      res.on('error', reject);
    };
    const method = options.method ?? 'GET';
    const req = options.target ? httpRequest({ ...options.target, method, headers }, handle) : httpRequest(url, { method, headers }, handle);
    req.on('error', reject);
    req.end(options.body);
  });
}
