import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@rastro/db';
import { peekRawBody } from '../policy/request-body';
import { ApiError } from '../product/api-errors';
import { authorizationLogin } from '../traccar/authorization';
import { LoginThrottle, type LoginAttempt, type LoginThrottleLimits } from './login-throttle';
import { RateLimiter, type RateLimit } from './rate-limiter';

/** What a request tries, and which of its answers is a failed guess. */
interface Guess {
  attempt: LoginAttempt;
  failedOn(status: number): boolean;
}

export interface LoginAttemptOptions {
  limits?: LoginThrottleLimits;
  /** Recovery mails asked, per email and per address (they always answer 200, so every request counts). */
  recoveryRequests?: RateLimit;
}

/** A recovery mail per email every 3 minutes on average; an address a few more. */
export const DEFAULT_RECOVERY_REQUESTS: RateLimit = { max: 5, windowMs: 15 * 60_000 };

const SUSPENDED_CODE = 'ACCOUNT_IS_SUSPENDED';
const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] as string;
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The body's fields: parsed already (the gateway's own routes) or read from the proxied stream (form or JSON). */
async function fieldsOf(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (isRecord(request.body) && !(request.body instanceof Readable)) return request.body;
  const bytes = await peekRawBody(request);
  if (!bytes || bytes.length > 64 * 1024) return {};
  const text = bytes.toString('utf8');
  if (String(request.headers['content-type'] ?? '').includes('json')) {
    try {
      const json: unknown = JSON.parse(text);
      return isRecord(json) ? json : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const onStatus =
  (...statuses: number[]) =>
  (status: number) =>
    statuses.includes(status);

/**
 * The guess a request makes, if any: a form login (POST /api/session), Basic or Bearer credentials
 * on any request, a `?token=` login, a share link's token, a recovery token.
 */
async function guessOf(request: FastifyRequest): Promise<Guess | null> {
  const address = request.ip;
  const path = pathOf(request);
  if (request.method === 'POST' && path === '/api/session') return { attempt: { login: text((await fieldsOf(request)).email) ?? '', address }, failedOn: onStatus(401) };
  if (request.method === 'POST' && path === '/rastro/shares/login') return { attempt: { address }, failedOn: onStatus(403) };
  if (request.method === 'POST' && (path === '/api/session/password' || path === '/api/password/update') && text((await fieldsOf(request)).token)) {
    return { attempt: { address }, failedOn: onStatus(400, 404) };
  }
  const login = authorizationLogin(request.headers.authorization);
  if (login) return { attempt: 'email' in login ? { login: login.email, address } : { address }, failedOn: onStatus(401) };
  if (request.method === 'GET' && path === '/api/session' && new URLSearchParams(request.url.slice(path.length)).has('token')) return { attempt: { address }, failedOn: onStatus(401) };
  return null;
}

/**
 * Brute-force protection for every way of proving who one is (issue 14, OWASP ASVS 2.2.1): a
 * blocked guess gets 429 with Retry-After before anything is asked of the tracking server; each
 * answer is counted before it goes out (a failure) or clears the pair (a success). Recovery mails
 * are limited per email and per address. Counts live in the database, shared by every gateway.
 */
export function registerLoginAttempts(app: FastifyInstance, db: Database, options: LoginAttemptOptions = {}): void {
  const throttle = new LoginThrottle(db, options.limits);
  const recoveries = new RateLimiter(db, options.recoveryRequests ?? DEFAULT_RECOVERY_REQUESTS);
  const guesses = new WeakMap<FastifyRequest, Guess>();

  app.addHook('preHandler', async (request, reply) => {
    try {
      const path = pathOf(request);
      if (request.method === 'POST' && (path === '/api/session/password' || path === '/api/password/reset')) {
        const email = text((await fieldsOf(request)).email)?.toLowerCase();
        if (email) {
          await recoveries.hit(`recovery-email\n${email}`);
          await recoveries.hit(`recovery-address\n${request.ip}`);
        }
      }
      const guess = await guessOf(request);
      if (!guess) return undefined;
      await throttle.check(guess.attempt);
      guesses.set(request, guess);
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const [name, value] of Object.entries(error.headers ?? {})) void reply.header(name, value);
      return reply.code(error.statusCode).send(error.toBody());
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const guess = guesses.get(request);
    if (!guess) return payload;
    guesses.delete(request);
    // A suspended account's 401 follows right credentials: no guess failed.
    const suspended = typeof payload === 'string' && payload.includes(SUSPENDED_CODE);
    if (guess.failedOn(reply.statusCode) && !suspended) await throttle.failed(guess.attempt);
    else if (reply.statusCode < 400) await throttle.succeeded(guess.attempt);
    return payload;
  });
}
