import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DatabaseUnavailableError } from '@rastro/db';
import type { ApiErrorBody } from '@rastro/shared/contract';
import { TraccarUnavailableError } from '../traccar/traccar-unavailable';

/** An error the product API answers as `{ code, message, fields }` with its own status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: string[],
    /** Sent with the answer (`Retry-After`…). */
    readonly headers?: Record<string, string>,
    /** The payment provider's own error list, when it refused. */
    readonly providerErrors?: Array<{ code: string; description: string }>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...(this.providerErrors ? { providerErrors: this.providerErrors } : {}) };
  }
}

/** How long a client waits before trying again after a database outage answer. */
const DATABASE_RETRY_SECONDS = '5';

/**
 * The gateway's database is down or its connection dropped (README: Faults): 503 with a code the
 * front end translates, never a 500 or a hang. Nothing was written — each write is one statement,
 * and PostgreSQL rolls back the one whose connection went away.
 */
export function databaseUnavailable(): ApiError {
  return new ApiError(503, 'DATABASE_UNAVAILABLE', 'The database is unavailable; try again in a moment', undefined, { 'retry-after': DATABASE_RETRY_SECONDS });
}

/** Answers a database outage as databaseUnavailable(), logged once; false for any other error. */
export function answeredDatabaseOutage(error: unknown, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!(error instanceof DatabaseUnavailableError)) return false;
  request.log.warn({ err: error }, 'database unavailable');
  const answer = databaseUnavailable();
  void reply.code(answer.statusCode).headers(answer.headers ?? {}).send(answer.toBody());
  return true;
}

/** Bad input: 400 naming each offending field (dotted path; the input's name when the whole value is wrong). */
export function invalidInput(error: z.ZodError, inputName: string): ApiError {
  const fields = [...new Set(error.issues.map((issue) => (issue.path.length ? issue.path.join('.') : inputName)))];
  const message = error.issues.map((issue) => issue.message).join('; ');
  return new ApiError(400, 'INVALID_INPUT', message, fields);
}

/** Parses one part of a request (query, body, a header) or throws the 400 the client should see. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, inputName: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(result.error, inputName);
  return result.data;
}

/**
 * Error and not-found handling for the product API's scope: always JSON with a machine-readable
 * code, never Fastify's default shapes or an HTML page, so the front end can rely on `code`.
 */
export function installApiErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ code: 'NOT_FOUND', message: `No ${request.method} ${request.url.split('?')[0]}` });
  });

  app.setErrorHandler((error: FastifyError | ApiError | TraccarUnavailableError, request, reply) => {
    if (answeredDatabaseOutage(error, request, reply)) return reply;
    if (error instanceof TraccarUnavailableError) {
      request.log.warn({ err: error }, 'tracking server unavailable');
      return reply.code(error.statusCode).send(error.toBody());
    }
    if (error instanceof ApiError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (unparsable JSON, unsupported media type, body too large):
      // the product's shape, naming the body, so the front end can rely on `code` and `fields`.
      return reply.code(status).send(clientError(status, error).toBody());
    }
    request.log.error({ err: error }, 'product API error');
    return reply.code(500).send({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
  });
}

/** Fastify's client errors, as the product's codes (Fastify's own codes and texts name its internals). */
function clientError(status: number, error: FastifyError): ApiError {
  switch (status) {
    case 413:
      return new ApiError(413, 'BODY_TOO_LARGE', 'The request body is too large', ['body']);
    case 415:
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json', ['body']);
    case 400:
      return new ApiError(400, 'INVALID_INPUT', error.code?.startsWith('FST_ERR_CTP') ? 'The body is not valid JSON' : 'The request is not valid', ['body']);
    default:
      return new ApiError(status, 'BAD_REQUEST', 'The request is not valid', ['body']);
  }
}

