import type { FastifyInstance, FastifyRequest } from 'fastify';
import { linkTableForKeys, type LinkTable } from '../db/link-tables';
import type { UserRecord } from '../entities/user';
import { badRequest } from '../http/errors';
import type { TrackerContext } from '../tracker-context';
import { accessDenied, checkReach } from './access';

/**
 * GET/POST/DELETE /api/permissions: list, link or unlink two objects, named by a body with exactly two
 * `…Id` keys, owner first — e.g. `{"userId":1,"deviceId":2}` or `{"deviceId":2,"geofenceId":7}`.
 * A non-admin must reach both objects and may not be read-only; linking users or devices to users
 * is a manager's business.
 */
export function registerPermissionRoutes(app: FastifyInstance, { auth, entities, links, users, devices, sockets, serverSettings }: TrackerContext): void {
  // Links to devices, groups and managed users change which positions a socket may receive.
  const SOCKET_VISIBILITY: ReadonlySet<string> = new Set(['device', 'group', 'managedUser']);

  /** Traccar's checkRestriction(readonly), first of all: the user's flag or the server's. */
  async function checkWritable(user: UserRecord): Promise<void> {
    if (!user.administrator && (user.readonly || (await serverSettings.get()).readonly)) throw badRequest('Operation restricted');
  }

  /** One permission object: exactly two `…Id` keys naming a known pair, owner first, both objects reached by a non-admin. */
  async function checkedPermission(user: UserRecord, body: unknown): Promise<{ table: LinkTable; ownerId: number; propertyId: number }> {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Permission must be a JSON object');
    const entries = Object.entries(body as Record<string, unknown>);
    if (entries.length !== 2) throw badRequest('Permission needs exactly two keys, e.g. {"userId":1,"deviceId":2}');
    const [[ownerKey, ownerId], [propertyKey, propertyId]] = entries as [[string, unknown], [string, unknown]];
    const table = linkTableForKeys(ownerKey, propertyKey);
    if (!table) throw badRequest(`Unknown permission between ${ownerKey} and ${propertyKey}`);
    if (!isId(ownerId) || !isId(propertyId)) throw badRequest('Permission ids must be positive integers');
    if (!user.administrator) {
      await checkOwner(user, table, ownerId);
      await checkProperty(user, table, propertyId);
    }
    return { table, ownerId, propertyId };
  }

  /**
   * Links or unlinks each permission in turn, as Traccar's PermissionsResource does for the single
   * and the bulk route alike: the readonly restriction first, then every item must name the same
   * two keys (else 400 before anything is stored), then each item is checked and stored in order.
   * Not atomic, as in Traccar: an item refused halfway leaves the ones before it stored.
   */
  async function change(request: FastifyRequest, link: boolean, bodies: readonly unknown[]): Promise<void> {
    const user = await auth.requireUser(request);
    await checkWritable(user);
    const keysOf = (body: unknown) => (body !== null && typeof body === 'object' ? Object.keys(body).sort().join() : '');
    if (bodies.some((body) => keysOf(body) !== keysOf(bodies[0]))) throw badRequest('Permissions of one request must all name the same two keys');
    const touched = new Set<LinkTable>();
    try {
      for (const body of bodies) {
        const { table, ownerId, propertyId } = await checkedPermission(user, body);
        if (link) await linkIn(table, ownerId, propertyId);
        else await links.unlinkIn(table, ownerId, propertyId);
        touched.add(table);
      }
    } finally {
      // Sockets see what was stored, also when a later item was refused.
      if ([...touched].some((table) => SOCKET_VISIBILITY.has(table.property))) await sockets.refreshVisibility((userId) => devices.visibleIds(userId));
    }
  }

  async function linkIn(table: LinkTable, ownerId: number, propertyId: number): Promise<void> {
    try {
      await links.linkIn(table, ownerId, propertyId);
    } catch (error) {
      // A foreign-key violation: one of the two objects does not exist.
      if ((error as { code?: string }).code === '23503') throw badRequest('Object not found');
      throw error;
    }
  }

  async function checkOwner(user: UserRecord, table: LinkTable, ownerId: number): Promise<void> {
    if (table.owner === 'user') {
      // Users link things to themselves or to the users they manage.
      if (ownerId !== user.id && !(await users.manages(user.id, ownerId))) throw accessDenied('user');
    } else if (table.owner === 'device') {
      if (!(await devices.visibleIds(user.id)).has(ownerId)) throw accessDenied('device');
    } else {
      await checkReach(entities, user, 'group', ownerId);
    }
  }

  async function checkProperty(user: UserRecord, table: LinkTable, propertyId: number): Promise<void> {
    if (table.property === 'managedUser') {
      if (!(await users.manages(user.id, propertyId))) throw accessDenied('user');
    } else if (table.property === 'device') {
      if (!(await devices.visibleIds(user.id)).has(propertyId)) throw accessDenied('device');
    } else {
      await checkReach(entities, user, table.property, propertyId);
    }
  }

  const reaches = (check: Promise<void>): Promise<boolean> => check.then(
    () => true,
    () => false,
  );

  /**
   * GET /api/permissions?<owner>Id=…&<object>Id=…: the links between two kinds, 0 on a side meaning
   * any (Traccar 6's shape, e.g. `?deviceId=0&attributeId=5`: the devices a computed attribute
   * applies to). A non-admin must reach the side it names and sees only links whose both ends it reaches.
   */
  app.get('/api/permissions', async (request) => {
    const user = await auth.requireUser(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const keys = Object.keys(query).filter((key) => key.endsWith('Id'));
    if (keys.length !== 2) throw badRequest('Permission query needs exactly two keys, e.g. ?deviceId=0&attributeId=5');
    const [first, second] = keys as [string, string];
    const table = linkTableForKeys(first, second) ?? linkTableForKeys(second, first);
    if (!table) throw badRequest(`Unknown permission between ${first} and ${second}`);
    const ownerId = Number(query[table.ownerKey]);
    const propertyId = Number(query[table.propertyKey]);
    const valid = (id: number) => Number.isInteger(id) && id >= 0;
    if (!valid(ownerId) || !valid(propertyId) || (ownerId === 0 && propertyId === 0)) throw badRequest('Permission ids must be integers, one of them positive');
    if (!user.administrator) {
      if (ownerId) await checkOwner(user, table, ownerId);
      if (propertyId) await checkProperty(user, table, propertyId);
    }
    const pairs = await links.pairs(table, ownerId, propertyId);
    const shown = user.administrator
      ? pairs
      : (
          await Promise.all(
            pairs.map(async (pair) => ((ownerId || (await reaches(checkOwner(user, table, pair.ownerId)))) && (propertyId || (await reaches(checkProperty(user, table, pair.propertyId)))) ? pair : null)),
          )
        ).filter((pair) => pair !== null);
    return shown.map((pair) => ({ [table.ownerKey]: pair.ownerId, [table.propertyKey]: pair.propertyId }));
  });

  app.post('/api/permissions', async (request, reply) => {
    await change(request, true, [request.body]);
    return reply.code(204).send();
  });

  app.delete('/api/permissions', async (request, reply) => {
    await change(request, false, [request.body]);
    return reply.code(204).send();
  });

  /** Traccar's `POST|DELETE /api/permissions/bulk`: an array of permission objects, handled as above. */
  const bulk = (request: FastifyRequest): readonly unknown[] => {
    if (!Array.isArray(request.body)) throw badRequest('Request body must be a JSON array of permissions');
    return request.body;
  };
  app.post('/api/permissions/bulk', async (request, reply) => {
    await change(request, true, bulk(request));
    return reply.code(204).send();
  });

  app.delete('/api/permissions/bulk', async (request, reply) => {
    await change(request, false, bulk(request));
    return reply.code(204).send();
  });
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}
