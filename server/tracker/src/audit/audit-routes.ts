import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkAdmin } from '../api/access';
import { SIMPLE_ENTITY_KINDS } from '../entities/entity-kinds';
import { queryPeriod } from '../http/period';
import type { Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';
import type { NewAction } from './audit-log';

type Audited = Omit<NewAction, 'address' | 'userId'>;

/** The object resources whose POST creates, PUT edits and DELETE removes: path → object type. */
const OBJECT_PATHS = new Map<string, string>([
  ['/api/devices', 'device'],
  ['/api/users', 'user'],
  ...SIMPLE_ENTITY_KINDS.map((kind): [string, string] => [kind.path, kind.kind]),
]);

const idIn = (value: unknown): number => Number((value as { id?: unknown } | null)?.id ?? 0) || 0;

function parsedPayload(payload: unknown): unknown {
  try {
    return typeof payload === 'string' ? (JSON.parse(payload) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * What a successful write was, as Traccar's ActionLogger names it; null for reads and for writes
 * it does not log. A new object is also linked to its creator, logged as that link.
 */
function auditedActions(request: FastifyRequest, payload: unknown, userId: number): Audited[] {
  const route = request.routeOptions.url ?? '';
  const method = request.method;
  const params = request.params as { id?: string };
  const body = (request.body ?? {}) as Record<string, unknown>;
  const objectPath = route.replace(/\/:id$/, '');
  const objectType = OBJECT_PATHS.get(objectPath);
  if (objectType && route === objectPath && method === 'POST') {
    const created = idIn(parsedPayload(payload));
    const actions: Audited[] = [{ actionType: 'create', objectType, objectId: created }];
    if (objectType !== 'user') actions.push({ actionType: 'link', objectType: 'user', objectId: userId, attributes: { [`${objectType}Id`]: created } });
    return actions;
  }
  if (objectType && route !== objectPath) {
    if (method === 'PUT') return [{ actionType: 'edit', objectType, objectId: Number(params.id) }];
    if (method === 'DELETE') return [{ actionType: 'remove', objectType, objectId: Number(params.id) }];
  }
  if (route === '/api/permissions' && (method === 'POST' || method === 'DELETE')) {
    const [[ownerKey, ownerId] = [], [propertyKey, propertyId] = []] = Object.entries(body);
    return [{ actionType: method === 'POST' ? 'link' : 'unlink', objectType: String(ownerKey).replace(/Id$/, ''), objectId: Number(ownerId), attributes: { [String(propertyKey)]: propertyId } }];
  }
  if (route === '/api/session' && method === 'POST') return [{ actionType: 'login', objectType: 'user', objectId: idIn(parsedPayload(payload)) }];
  if (route === '/api/session' && method === 'DELETE') return [{ actionType: 'logout', objectType: 'user', objectId: userId }];
  if (route === '/api/server' && method === 'PUT') return [{ actionType: 'edit', objectType: 'server', objectId: 1 }];
  if (route === '/api/devices/:id/accumulators') return [{ actionType: 'accumulators', objectType: 'device', objectId: Number(params.id) }];
  if (route === '/api/commands/send' && method === 'POST') {
    return [{ actionType: 'command', objectType: 'device', objectId: Number(body.deviceId ?? 0), attributes: { type: body.type } }];
  }
  return [];
}

/**
 * Traccar 6's audit: every successful write through the API is logged (who, what, when, from
 * which address), and `GET /api/audit?from=&to=` lists the log to administrators.
 */
export function registerAudit(app: FastifyInstance, { auth, audit }: TrackerContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || reply.statusCode >= 300) return payload;
    const userId = auth.callerOf(request) ?? 0;
    try {
      for (const action of auditedActions(request, payload, userId)) {
        // A login is the user's own action; anything else needs a known caller.
        const actor = action.actionType === 'login' ? action.objectId : userId;
        if (actor) await audit.record({ ...action, userId: actor, address: request.ip });
      }
    } catch (error) {
      request.log.error({ err: error }, 'could not write the audit log');
    }
    return payload;
  });

  app.get('/api/audit', async (request) => {
    checkAdmin(await auth.requireUser(request));
    const query = request.query as Query;
    const { from, to } = queryPeriod(query);
    return audit.between(from, to);
  });
}
