/**
 * Errors as Traccar answers them: plain text. A JAX-RS WebApplicationException (401, 404…) comes
 * out as its Java stack trace, whose first line clients (and the gateway) recognise; any other
 * failure is a 400 whose body is the message.
 */
export class TraccarHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(body);
  }
}

const REASONS: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

function webApplicationError(status: number): TraccarHttpError {
  return new TraccarHttpError(status, `jakarta.ws.rs.WebApplicationException: HTTP ${status} ${REASONS[status] ?? ''}\n`);
}

export const unauthorized = () => webApplicationError(401);
export const notFound = () => webApplicationError(404);
export const badRequest = (message: string) => new TraccarHttpError(400, message);

/**
 * What the client reads when the database refuses a write (a text too long for its column, a
 * duplicate key…): a short reason of the tracker's own — PostgreSQL's text names tables, columns
 * and types, and is logged instead. Null when the error does not come from the database.
 */
export function storageRefusal(error: unknown): TraccarHttpError | null {
  const code = (error as { code?: unknown } | null)?.code;
  // SQLSTATE: five digits or capitals, as pg's DatabaseError and PGlite's errors carry them.
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505') return badRequest('Duplicate value');
  if (code === '23503') return badRequest('Invalid reference');
  if (code.startsWith('22') || code.startsWith('23')) return badRequest('Invalid value');
  return badRequest('Storage error');
}
