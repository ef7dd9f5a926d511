import type { FastifyInstance } from 'fastify';
import type { DeviceRecord } from '../entities/device';
import { deviceToJson } from '../entities/device';
import { badRequest } from '../http/errors';
import { matchingKeyword, page, readPaging } from '../http/paging';
import { queryBoolean, queryInteger, queryIntegers, queryStrings, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';

/**
 * GET /api/devices, with Traccar's rules:
 * - `id` / `uniqueId` (repeatable): those devices, among the ones the caller reaches (any device
 *   for an administrator, which is how an admin looks up a device it is not linked to);
 * - `all=true`: every device for an administrator, the caller's own for anybody else;
 * - `userId`: the devices linked directly to that user (the caller or, for an admin, anyone);
 * - nothing: the devices linked to the caller directly or through a group — admins included;
 * by name (Traccar's order), then `keyword` (name, uniqueId, phone, model, contact), `offset` and
 * `limit`; `excludeAttributes=true` leaves each device's attributes empty.
 */
export function registerDeviceRoutes(app: FastifyInstance, { auth, devices, live, deviceLists }: TrackerContext): void {
  // The plain list is what clients poll: kept until the configuration changes.
  const visible = (userId: number) => deviceLists.get(`visible:${userId}`, () => devices.findVisible(userId));

  app.get('/api/devices', async (request) => {
    const user = await auth.requireUser(request);
    const query = request.query as Query;
    const ids = queryIntegers(query, 'id', badRequest);
    const uniqueIds = queryStrings(query, 'uniqueId');
    const userId = queryInteger(query, 'userId', badRequest);

    let records: DeviceRecord[];
    if (ids.length > 0 || uniqueIds.length > 0) {
      records = user.administrator ? await devices.findMatching({ ids, uniqueIds }) : await devices.findVisible(user.id, { ids, uniqueIds });
    } else if (queryBoolean(query, 'all')) {
      records = user.administrator ? await deviceLists.get('all', () => devices.findAll()) : await visible(user.id);
    } else if (userId !== 0) {
      if (userId !== user.id && !user.administrator) throw badRequest('User access denied');
      records = await devices.findLinkedDirectly(userId);
    } else {
      records = await visible(user.id);
    }
    const found = matchingKeyword(records, query, (device) => [device.name, device.uniqueId, device.phone, device.model, device.contact]);
    const excludeAttributes = queryBoolean(query, 'excludeAttributes');
    return page(found, readPaging(query)).map((device) =>
      deviceToJson(excludeAttributes ? { ...device, attributes: {} } : device, live.state(device.id)),
    );
  });
}
