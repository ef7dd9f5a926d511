/**
 * The database could not be asked: the server is down, restarting, unreachable, or dropped the
 * connection mid-query. Not a bad query: callers answer it as a temporary outage (the gateway's
 * 503 DATABASE_UNAVAILABLE) and try again later. What the statement would have written is not
 * written — PostgreSQL rolls back a statement whose connection is gone.
 */
export class DatabaseUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The database is unavailable', options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Network errors of the connection itself (refused, reset, timed out, name not resolved). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATE 57P01–03: the server is shutting down, crashed, or not accepting connections yet; 57014:
 * the statement was cancelled, which here only `statement_timeout` does (the server too slow to answer).
 */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03', '57014']);
/** What `pg` throws, without a code, when a connection ends, never opens, or stops answering (`query_timeout`) in time. */
const DRIVER_MESSAGES = /connection terminated|timeout exceeded when trying to connect|connection timeout|query read timeout|not queryable|cannot use a pool after calling end/i;

/** Whether `error` (from `pg`) means the server could not be reached, rather than that the statement failed. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GOING_AWAY.has(code) || code.startsWith('08'))) return true;
  return DRIVER_MESSAGES.test(error.message);
}
