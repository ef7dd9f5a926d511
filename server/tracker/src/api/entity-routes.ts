import type { FastifyInstance } from 'fastify';
import type { ListFilter } from '../db/entity-store';
import { SIMPLE_ENTITY_KINDS, type EntityKind } from '../entities/entity-kinds';
import { entitySchema } from '../entities/entity-schema';
import type { UserRecord } from '../entities/user';
import { parseBody, pathId } from '../http/body';
import { badRequest, notFound } from '../http/errors';
import { matchingKeyword, page, readPaging } from '../http/paging';
import { queryBoolean, queryInteger, queryString, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';
import { checkEdit, checkReach } from './access';
import { ENTITY_VALIDATORS } from './entity-validators';

/**
 * Traccar's object resources for every simple entity kind (groups, geofences, notifications,
 * drivers, calendars, maintenance, saved commands, computed attributes):
 * GET list (all, userId, groupId, deviceId, limit, offset, keyword), GET/PUT/DELETE /{id}, POST.
 * What a user creates is linked to that user; only what a user reaches can be read or changed.
 */
export function registerEntityRoutes(app: FastifyInstance, context: TrackerContext): void {
  for (const kind of SIMPLE_ENTITY_KINDS) registerKind(app, context, kind);
}

function registerKind(app: FastifyInstance, { auth, entities, links, users, serverSettings }: TrackerContext, kind: EntityKind): void {
  const schema = entitySchema(kind);
  const validate = ENTITY_VALIDATORS[kind.kind];

  /** The body as column values: nulls mean "not set", references are checked against the caller. */
  async function valuesFrom(user: UserRecord, body: unknown): Promise<Record<string, unknown>> {
    const parsed = parseBody(schema, body) as Record<string, unknown>;
    const values = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== null && value !== undefined));
    const problem = validate?.(values);
    if (problem) throw badRequest(problem);
    // Linking to a group or calendar one cannot reach would leak it (Traccar checks both).
    if (typeof values.groupId === 'number' && values.groupId > 0) await checkReach(entities, user, 'group', values.groupId);
    if (typeof values.calendarId === 'number' && values.calendarId > 0) await checkReach(entities, user, 'calendar', values.calendarId);
    return values;
  }

  app.get(kind.path, async (request) => {
    const user = await auth.requireUser(request);
    const query = request.query as Query;
    const keyword = queryString(query, 'keyword');
    // With a keyword, the page is cut after matching.
    const paging = readPaging(query);
    const filter: ListFilter = keyword ? {} : { ...paging };
    const userId = queryInteger(query, 'userId', badRequest);
    if (queryBoolean(query, 'all')) {
      if (!user.administrator) filter.reachableBy = user.id;
    } else if (userId > 0 && userId !== user.id) {
      if (!user.administrator && !(await users.manages(user.id, userId))) throw badRequest('User access denied');
      filter.linkedTo = { owner: 'user', id: userId };
    } else {
      filter.reachableBy = user.id;
    }
    const groupId = queryInteger(query, 'groupId', badRequest);
    const deviceId = queryInteger(query, 'deviceId', badRequest);
    if (groupId > 0) {
      await checkReach(entities, user, 'group', groupId);
      filter.linkedTo = { owner: 'group', id: groupId };
    }
    if (deviceId > 0) {
      await checkReach(entities, user, 'device', deviceId);
      filter.linkedTo = { owner: 'device', id: deviceId };
    }
    const listed = await entities.list(kind, filter);
    return keyword ? page(matchingKeyword(listed, query, (entity) => Object.values(entity)), paging) : listed;
  });

  app.get(`${kind.path}/:id`, async (request) => {
    const user = await auth.requireUser(request);
    const id = pathId(request.params);
    const entity = await entities.findById(kind, id);
    if (!entity) throw notFound();
    await checkReach(entities, user, kind.kind, id);
    return entity;
  });

  app.post(kind.path, async (request) => {
    const user = await auth.requireUser(request);
    checkEdit(user, kind.kind, await serverSettings.get());
    const created = await entities.insert(kind, await valuesFrom(user, request.body));
    await links.link('user', user.id, kind.kind, created.id);
    return created;
  });

  app.put(`${kind.path}/:id`, async (request) => {
    const user = await auth.requireUser(request);
    checkEdit(user, kind.kind, await serverSettings.get());
    const id = pathId(request.params);
    await checkReach(entities, user, kind.kind, id);
    const updated = await entities.update(kind, id, await valuesFrom(user, request.body));
    if (!updated) throw notFound();
    return updated;
  });

  app.delete(`${kind.path}/:id`, async (request, reply) => {
    const user = await auth.requireUser(request);
    checkEdit(user, kind.kind, await serverSettings.get());
    const id = pathId(request.params);
    await checkReach(entities, user, kind.kind, id);
    if (!(await entities.delete(kind, id))) throw notFound();
    return reply.code(204).send();
  });
}

