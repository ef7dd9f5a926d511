import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CacheableBytes {
  bytes: Buffer;
  contentType: string;
  /** A content hash: the ETag, so a revalidation costs a 304 rather than the bytes. */
  hash: string;
  cacheControl: string;
  headers?: Record<string, string>;
}

/** Answers a stored file (theme image, sound) with its type, caching and ETag; 304 when the browser has it. */
export function sendCacheableBytes(request: FastifyRequest, reply: FastifyReply, file: CacheableBytes): Buffer | undefined {
  const etag = `"${file.hash}"`;
  void reply.headers({ ...file.headers, 'content-type': file.contentType, 'cache-control': file.cacheControl, etag });
  if (request.headers['if-none-match'] === etag) {
    void reply.code(304);
    return undefined;
  }
  return file.bytes;
}
