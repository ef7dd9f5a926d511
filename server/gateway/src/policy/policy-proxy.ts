import type { Database } from '@rastro/db';
import type { AccountStateStore } from '../account-state/account-state-store';
import { suspendedAnswer } from '../account-state/suspension-answer';
import type { FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userSchema, type SuspendedInvoice, type User } from '@rastro/shared/contract';
import type { Licence } from '../config/licence';
import { answeredDatabaseOutage, ApiError } from '../product/api-errors';
import { requestDomain } from '../product/request-domain';
import type { TenantStore } from '../tenants/tenant-store';
import type { CallerResolver } from '../traccar/caller-resolver';
import { requestCaller, type RequestCaller } from '../traccar/request-caller';
import type { ServiceAccount } from '../traccar/service-account';
import { credentialsOf, type TraccarClient } from '../traccar/traccar-client';
import { endTrackerSession } from '../traccar/tracker-sessions';
import { CreationLocks } from './creation-locks';
import { HiddenDeviceIds, isHiddenDeviceJson, withoutHiddenDeviceIds, withoutHiddenDevices, withoutHiddenRecords } from './hidden-devices';
import { ResellerTrees } from './reseller-trees';
import { checkRead } from './report-reads';
import { peekJsonBody } from './request-body';
import { safeDeleteOn, softDeleteDevice, type RemovedDevice } from './safe-delete';
import { ServerInfoHeaders } from './server-info-headers';
import type { ServerSettings } from './server-settings';
import { TrackingLookups } from './tracking-lookups';
import { WritePolicy } from './write-policy';
import { matchWriteRoute } from './write-routes';
import { addNotificationsToNewUser } from './new-user-notifications';
import { TraccarUnavailableError } from '../traccar/traccar-unavailable';

type ProxyHandler = NonNullable<FastifyHttpProxyOptions['handler']>;
type ReplyOptions = Parameters<ProxyHandler>[3];
type ReplyResponse = Parameters<NonNullable<ReplyOptions['onResponse']>>[2];

/** What the /api proxy runs around each request: see registerApiProxy. */
export interface ProxyPolicy {
  /** Refuses a write the caller may not make, before anything reaches the tracking server. */
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** Forwards the request, changing what Rastro changes: safe deletes, hidden devices, licence headers. */
  handler: ProxyHandler;
  /** The same checks for product routes that write to the tracking server on a caller's behalf (autolink). */
  writes: WritePolicy;
  /** The devices removed in safe mode (the websocket relay hides them too). */
  hidden: HiddenDeviceIds;
}

export interface ProxyPolicyOptions {
  traccar: TraccarClient;
  callers: CallerResolver;
  serviceAccount: ServiceAccount;
  licence: Licence;
  /** Reseller domains, whose device and user limits hold on their trees. */
  tenants: TenantStore;
  /** The tracking server's settings, shared with the product API (a `PUT /api/server` here refreshes both). */
  server: ServerSettings;
  /** The gateway's database: creation locks leased there hold across every gateway sharing it. */
  db?: Database;
  /** Suspended accounts: refused at login and on every request of an open session. */
  accountStates?: AccountStateStore;
  /** A suspended user's open invoices, listed in its refusal (see ../billing/). */
  openInvoices?: (userId: number) => Promise<SuspendedInvoice[]>;
  /** A device was just removed in safe mode (open browsers are told: see announceRemoval). */
  onDeviceRemoved?: (device: RemovedDevice) => void;
  /** The server settings were just saved (open browsers read them again). */
  onServerChanged?: () => void;
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] as string;
}

/** The request's one caller (see registerRequestCallers), or resolved now when the hook did not run. */
async function callerOf(request: FastifyRequest, callers: CallerResolver): Promise<RequestCaller> {
  const known = requestCaller(request);
  if (known) return known;
  const user = await callers.resolve(credentialsOf(request.headers));
  return { user, forward: user ? credentialsOf(request.headers) : {} };
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
}

/** The security of the tracking API: Traccar's own checks, plus Rastro's (SPEC §5, §6). */
export function createProxyPolicy({ traccar, callers, serviceAccount, licence, tenants, server, db, accountStates, openInvoices, onDeviceRemoved, onServerChanged }: ProxyPolicyOptions): ProxyPolicy {
  const lookups = new TrackingLookups(traccar, serviceAccount);
  const resellers = new ResellerTrees(tenants, serviceAccount);
  const policy = new WritePolicy({ callers, server, lookups, licence, resellers, locks: new CreationLocks(db) });
  const serverInfo = new ServerInfoHeaders(licence, lookups);
  const hidden = new HiddenDeviceIds(serviceAccount);

  /** The 401 a suspended user gets (saying whether a trust unlock is there to take), or null while active. */
  const suspension = async (user: Pick<User, 'id' | 'attributes'>): Promise<string | null> => {
    const state = accountStates ? await accountStates.get(user.id) : null;
    if (state?.state !== 'suspended') return null;
    return suspendedAnswer(user, state, openInvoices ? await openInvoices(user.id) : []);
  };

  async function preHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    try {
      // A suspended account's open sessions stop working (signing out and in stay open: the login answers the notice).
      const path = pathOf(request);
      const { user: caller, forward } = await callerOf(request, callers);
      const signingInOrOut = request.method !== 'GET' && (path === '/api/session' || path === '/api/session/token');
      if (accountStates && !signingInOrOut && caller) {
        const refusal = await suspension(caller);
        // Returning the reply after sending it is what stops Fastify from going on to the proxy handler.
        if (refusal) return reply.code(401).type('application/json').send(refusal);
      }
      if (request.method === 'GET') await checkRead({ server, licence }, path, queryOf(request), caller);
      const permit = await policy.check({
        method: request.method,
        path,
        credentials: forward,
        caller,
        domain: requestDomain(request),
        readBody: () => peekJsonBody(request),
      });
      // Held until the tracking server's answer has gone out (or the browser went away): the
      // creation it let through is then counted by the next check.
      reply.raw.once('close', permit.release);
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return reply.code(error.statusCode).send(error.toBody());
      // The gateway's own database (limits, suspensions, hidden devices) is not the tracking server.
      if (answeredDatabaseOutage(error, request, reply)) return reply;
      const unavailable = error instanceof TraccarUnavailableError ? error : new TraccarUnavailableError(false, { cause: error });
      request.log.warn({ err: error }, 'policy: tracking server unavailable');
      return reply.code(unavailable.statusCode).send(unavailable.toBody());
    }
  }

  const handler: ProxyHandler = async (request, reply, dest, options) => {
    const path = pathOf(request);
    if (request.method === 'GET' && path === '/api/server') {
      reply.headers(await serverInfo.headers((error) => request.log.warn({ err: error }, 'licence header: cannot count devices')));
      return reply.from(dest, options);
    }
    if (request.method === 'PUT' && path === '/api/server') {
      return reply.from(dest, { ...options, onResponse: (_request, answer, res) => {
        server.invalidate();
        if (res.statusCode < 400) onServerChanged?.();
        void answer.send(res.stream);
      } });
    }
    if (accountStates && request.method === 'POST' && path === '/api/session') {
      return reply.from(dest, rewritingJson(options, async (text, answer) => {
        const user = userSchema.safeParse(JSON.parse(text));
        const refusal = user.success ? await suspension(user.data) : null;
        if (!refusal) return { status: 200, text };
        // The session just opened is closed again at once: the browser keeps no usable cookie.
        const setCookie = ([] as string[]).concat((answer.getHeader('set-cookie') as string | string[] | undefined) ?? []);
        const cookie = setCookie.map((value) => value.split(';', 1)[0] as string).find((value) => value.startsWith('JSESSIONID='));
        if (cookie) await endTrackerSession(traccar, cookie);
        answer.removeHeader('set-cookie');
        return { status: 401, text: refusal };
      }));
    }
    if (request.method === 'POST' && /^\/api\/session\/\d+$/.test(path)) {
      // "Log in as": the session now names another user, so what the gateway remembers of it goes.
      const credentials = credentialsOf(request.headers);
      return reply.from(dest, { ...options, onResponse: (_request, answer, res) => {
        callers.forget(credentials);
        void answer.send(res.stream);
      } });
    }
    if (request.method === 'POST' && path === '/api/users') {
      const { user: creator, forward } = await callerOf(request, callers);
      // Only an administrator or a manager creates users it then reaches; a visitor registering has no creator.
      if (creator && (creator.administrator || (creator.userLimit ?? 0) !== 0)) {
        return reply.from(dest, rewritingJson(options, async (text) => {
          await addNotificationsToNewUser(traccar, forward, text).catch((error: unknown) => request.log.warn({ err: error }, 'new user: notifications for new users not linked'));
          return { status: 200, text };
        }));
      }
    }
    if (request.method === 'GET' && path === '/api/devices') return reply.from(dest, rewritingJson(options, async (text) => ({ status: 200, text: withoutHiddenDevices(text) })));
    if (request.method === 'GET' && /^\/api\/devices\/\d+$/.test(path)) {
      // A device removed in safe mode is gone: 404, as if deleted.
      return reply.from(dest, rewritingJson(options, async (text) => (isHiddenDeviceJson(text) ? { status: 404, text: JSON.stringify({ code: 'NOT_FOUND', message: 'No such device' }) } : { status: 200, text })));
    }
    if (request.method === 'GET' && HIDDEN_RECORD_LISTS.test(path)) {
      let hiddenIds: ReadonlySet<number>;
      try {
        hiddenIds = await hidden.ids();
      } catch (error) {
        // Not known: nothing goes out that might hold a removed device's records (a spreadsheet is not filtered).
        request.log.warn({ err: error }, 'hidden devices: cannot be read');
        return reply.code(502).send({ code: 'TRACCAR_UNAVAILABLE', message: 'The tracking server cannot be read' });
      }
      // No device hidden (the usual case): nothing to take out, so the answer streams through as it
      // comes. Read whole and parsed here, a month's route (over 100 MB) held this process for seconds
      // and reached the page only once all of it was in. The caller's reach over devices and groups is
      // the tracking server's own check, made on the request as forwarded.
      if (hiddenIds.size === 0) return reply.from(dest, options);
      // A removed device is gone, in JSON as in a spreadsheet or an export: out of the request first.
      // (The proxy's `dest` is the path alone: the query forwarded is the request's, unless given here.)
      const scoped = withoutHiddenDeviceIds(request.url, hiddenIds);
      if (scoped === null) return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such device' });
      const query = scoped.includes('?') ? scoped.slice(scoped.indexOf('?') + 1) : '';
      return reply.from(dest, rewritingJson({ ...options, queryString: () => query }, async (text) => ({ status: 200, text: withoutHiddenRecords(text, hiddenIds) })));
    }
    if (request.method !== 'GET' && path.startsWith('/api/devices')) {
      serverInfo.forgetCount();
      hidden.forget();
    }
    if (request.method === 'DELETE') {
      const matched = matchWriteRoute('DELETE', path);
      if (matched?.route.pattern === '/api/devices/:id' && matched.id !== undefined && safeDeleteOn(await server.get())) {
        const outcome = await softDeleteDevice(traccar, matched.id, (await callerOf(request, callers)).forward);
        if ('removed' in outcome) {
          // Read again from now on: the set may have been read between the write's start and the rename.
          hidden.forget();
          onDeviceRemoved?.(outcome.removed);
          return reply.code(204).send();
        }
        const { refusal } = outcome;
        if (refusal.contentType) void reply.header('content-type', refusal.contentType);
        return reply.code(refusal.status).send(refusal.body);
      }
    }
    return reply.from(dest, options);
  };

  return { preHandler, handler, writes: policy, hidden };
}

/** Lists whose records name a `deviceId`: positions, events, and the JSON reports. */
/** Records of devices over a period: positions and their exports, reports and their downloads. */
const HIDDEN_RECORD_LISTS = /^\/api\/(positions(\/[a-z]+)?|reports\/[a-z]+(\/[a-z]+)?)$/;

type JsonRewrite = (text: string, reply: FastifyReply) => Promise<{ status: number; text: string }>;

/** A 200 JSON answer read whole (uncompressed) and sent as `rewrite` makes it; anything else passes untouched. */
function rewritingJson(options: ReplyOptions, rewrite: JsonRewrite): ReplyOptions {
  return {
    ...options,
    rewriteRequestHeaders: (request, headers) => {
      const { 'accept-encoding': _compression, ...rest } = options.rewriteRequestHeaders ? options.rewriteRequestHeaders(request, headers) : headers;
      return rest;
    },
    onResponse: (request, reply, res) => {
      const json = String(reply.getHeader('content-type') ?? '').includes('json');
      if (reply.statusCode !== 200 || !json) {
        void reply.send(res.stream);
        return;
      }
      readText(res.stream)
        .then((text) => rewrite(text, reply as unknown as FastifyReply))
        .then(
          ({ status, text }) => {
            reply.removeHeader('content-length');
            void reply.code(status).send(text);
          },
          (error: unknown) => {
            request.log.warn({ err: error }, 'hidden devices: upstream answer broke off');
            void reply.code(502).send({ code: 'TRACCAR_UNAVAILABLE', message: 'The tracking server answer broke off' });
          },
        );
    },
  };
}

async function readText(stream: ReplyResponse['stream']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
