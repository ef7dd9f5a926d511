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
