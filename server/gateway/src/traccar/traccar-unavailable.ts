/**
 * The tracking server could not be asked: nothing listens (stopped, restarting) or it did not
 * answer in time (frozen, overloaded). Every gateway answer that depends on it says which, the
 * same way, so the front end can tell the user and try again (README: Faults).
 */
export class TraccarUnavailableError extends Error {
  constructor(
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(timedOut ? 'The tracking server did not answer in time' : 'The tracking server is unreachable', options);
    this.name = 'TraccarUnavailableError';
  }

  /** 504 when it took too long, 502 when it could not be reached. */
  get statusCode(): 502 | 504 {
    return this.timedOut ? 504 : 502;
  }

  toBody(): { code: 'TRACCAR_TIMEOUT' | 'TRACCAR_UNAVAILABLE'; message: string } {
    return { code: this.timedOut ? 'TRACCAR_TIMEOUT' : 'TRACCAR_UNAVAILABLE', message: this.message };
  }
}

/** How long the gateway waits for the tracking server's answer (headers), unless told otherwise. */
export const DEFAULT_TRACCAR_TIMEOUT_MS = 30_000;

/** What a failed `fetch` to the tracking server means: a timeout, or no answer at all. */
export function unavailableFromFetch(error: unknown): TraccarUnavailableError | null {
  // By name, not instanceof: fetch's errors come from Node's own realm, not always the caller's.
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  if (name === 'TimeoutError' || name === 'AbortError') return new TraccarUnavailableError(true, { cause: error });
  // fetch rejects with a TypeError when the connection is refused, reset or dropped.
  if (name === 'TypeError') return new TraccarUnavailableError(false, { cause: error });
  return null;
}
