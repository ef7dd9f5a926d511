import { pipeline, Transform, type Readable } from 'node:stream';

/** Writes worth logging are small; past this a body is only noted as too large. */
const CAPTURE_LIMIT_BYTES = 64 * 1024;

/** A copy of the bytes that flowed through a stream, up to a limit. */
export interface CapturedBody {
  /** The bytes seen so far, or null once past the limit. */
  bytes(): Buffer | null;
}

/**
 * Passes `source` through unchanged (same bytes, same back-pressure) while keeping a copy, so a
 * proxied body can be logged without buffering it in front of the tracking server.
 */
export function captureStream(source: Readable): { stream: Transform; captured: CapturedBody } {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size <= CAPTURE_LIMIT_BYTES) chunks.push(chunk);
      done(null, chunk);
    },
  });
  pipeline(source, stream, () => undefined);
  return { stream, captured: { bytes: () => (size <= CAPTURE_LIMIT_BYTES ? Buffer.concat(chunks) : null) } };
}

/** A captured body as values: JSON or form fields; `{ tooLarge: true }` or null otherwise. */
export function parseCapturedBody(captured: CapturedBody | undefined, contentType: string | undefined): unknown {
  if (!captured) return null;
  const bytes = captured.bytes();
  if (bytes === null) return { tooLarge: true };
  if (bytes.length === 0) return null;
  const text = bytes.toString('utf8');
  try {
    if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
