import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '@rastro/shared/contract';
import type { CallerResolver } from '../traccar/caller-resolver';
import { requestCaller } from '../traccar/request-caller';
import { credentialsOf, type Credentials, type TraccarClient } from '../traccar/traccar-client';
import { describeApiWrite, type ApiWrite } from './api-write';
import type { AuditActor, AuditEvent, AuditLog } from './audit-log';
import { captureStream, parseCapturedBody, type CapturedBody } from './body-capture';

export interface WriteAuditOptions {
  audit: AuditLog;
  callers: CallerResolver;
  traccar: TraccarClient;
}

/** What is known of a write while it passes through the proxy. */
interface PendingWrite {
  write: ApiWrite;
  actor: AuditActor | null;
  before: unknown;
  requestBody?: CapturedBody;
  answer?: CapturedBody;
}

const pending = new WeakMap<FastifyRequest, PendingWrite>();

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const idOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * Records every successful write (POST/PUT/DELETE) through the `/api` proxy in the audit log, after
 * the answer. Bodies keep streaming: the request and (for creates and logins) the answer are
 * copied on their way through, never held up; reads are not touched at all. Who wrote and the
 * object as it was are read before the write is let through — afterwards a logout has ended the
 * session and an update has overwritten the old values — and a write is let through only while the
 * log can be written.
 */
export function registerProxyWriteAudit(app: FastifyInstance, options: WriteAuditOptions): void {
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const write = describeApiWrite(request.method, request.url);
    if (!write) return;
    // A database outage refuses the write (503) before the tracking server stores what no row would
    // record. The caller's state may come from a moment ago, so the policy alone does not ask.
    // Signing out changes no data and must always be possible.
    if (write.action !== 'logout') await options.audit.assertWritable();
    // The request's one caller, as the policy judged it (resolved here only if that hook did not run).
    const known = requestCaller(request);
    const credentials = known ? known.forward : credentialsOf(request.headers);
    const caller = known ? known.user : await options.callers.resolve(credentials).catch(() => null);
    const actor = write.actorFromAnswer ? null : actorOf(caller);
    const before = write.readPath && caller ? await readCurrent(options.traccar, write.readPath, credentials) : null;
    const entry: PendingWrite = { write, actor, before };
    if (request.body instanceof Readable) {
      const { stream, captured } = captureStream(request.body);
      request.body = stream;
      entry.requestBody = captured;
    }
    pending.set(request, entry);
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    const entry = pending.get(request);
    if (!entry || !(entry.write.idFromAnswer || entry.write.actorFromAnswer)) return payload;
    // An answer the policy rewrote (the login's, read whole for the suspension check) comes as text.
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const bytes = Buffer.from(payload);
      entry.answer = { bytes: () => bytes };
      return payload;
    }
    if (!(payload instanceof Readable)) return payload;
    const { stream, captured } = captureStream(payload);
    entry.answer = captured;
    return stream;
  });

  app.addHook('onResponse', async (request, reply) => {
    const entry = pending.get(request);
    // A refused write changed nothing.
    if (!entry || reply.statusCode >= 400) return;
    const event = eventOf(entry, request);
    // Every row names its user: a write the tracking server took from nobody (a password-reset mail) is no one's change to record.
    if (!event.actor) {
      request.log.info({ action: event.action, objectType: event.objectType }, 'audit log: a write without a caller is not recorded');
      return;
    }
    try {
      await options.audit.record(event);
    } catch (error) {
      request.log.error({ err: error }, 'audit log: could not record a write');
    }
  });
}

function eventOf({ write, actor, before, requestBody, answer }: PendingWrite, request: FastifyRequest): AuditEvent {
  const changes = parseCapturedBody(requestBody, request.headers['content-type']);
  const answered = parseCapturedBody(answer, 'application/json');
  const fields = isRecord(changes) ? changes : {};
  const answerFields = isRecord(answered) ? answered : {};
  const deviceId = idOf(fields.deviceId);
  // Registration (a user created without a session) is the new user's own act.
  const registered = !actor && write.objectType === 'user' && write.action === 'create';
  return {
    actor: write.actorFromAnswer || registered ? actorOf(answered) : actor,
    action: write.action,
    objectType: write.objectType,
    objectId: write.objectId ?? (write.idFromAnswer ? idOf(answerFields.id) : null) ?? (write.action === 'command' ? deviceId : null),
    deviceId,
    subjectUserId: idOf(fields.userId) ?? (write.actorFromAnswer ? idOf(answerFields.id) : null),
    changes,
    before,
    request,
  };
}

function actorOf(user: User | unknown): AuditActor | null {
  if (!isRecord(user) || idOf(user.id) === null) return null;
  return { id: user.id as number, name: typeof user.name === 'string' ? user.name : null, email: typeof user.email === 'string' ? user.email : null };
}

/** The object as the caller sees it now, or null when it cannot be read (no access, gone, tracker down). */
async function readCurrent(traccar: TraccarClient, path: string, credentials: Credentials): Promise<unknown> {
  try {
    const response = await traccar.send({ path, credentials });
    if (response.status !== 200) {
      await response.body?.cancel();
      return null;
    }
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}
