import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** Bodies the policy reads are small JSON (a command, a permission link); anything larger is not parsed. */
const MAX_READ_BYTES = 1024 * 1024;

/**
 * The JSON body of a proxied request, for a rule to look at. The proxy hands bodies over as the raw
 * stream; it is read here and put back as a stream of the same bytes, so the tracking server still
 * receives exactly what the browser sent. Undefined when there is no body or it is not JSON.
 */
export async function peekJsonBody(request: FastifyRequest): Promise<unknown> {
  const bytes = await peekRawBody(request);
  const json = String(request.headers['content-type'] ?? '').includes('json');
  if (!json || bytes === undefined || bytes.length === 0 || bytes.length > MAX_READ_BYTES) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The bytes of a proxied request's body, read and put back as a stream of the same bytes; undefined when the body is no stream. */
export async function peekRawBody(request: FastifyRequest): Promise<Buffer | undefined> {
  if (!(request.body instanceof Readable)) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of request.body as AsyncIterable<Buffer>) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  request.body = Readable.from([bytes]);
  return bytes;
}
